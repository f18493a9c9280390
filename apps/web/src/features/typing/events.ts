import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { addTyping } from './typing-cache';

export const typingEvents = {
  /** Someone else is typing in a channel (the server does not send one's own). */
  CHANNEL_TYPING: (qc, { channelId, userId, username }) => addTyping(qc, channelId, { userId, username, lastTyping: Date.now() }),
} satisfies FeatureEventHandlers;
