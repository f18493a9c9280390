import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { applyServerMessage } from './message-cache';

export const messageEvents = {
  MESSAGE_SEND: (qc, message) => applyServerMessage(qc, message),
} satisfies FeatureEventHandlers;
