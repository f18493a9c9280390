import type { Message } from '@rally/shared/api/messages';
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { countMessage, markChannelUnread, markChannelsRead, reloadUnread } from './cache';
import { notifyOfMessage } from './notify';

export const unreadEvents = {
  MESSAGE_READ: (qc, data) => markChannelsRead(qc, data.teamId, data.reads),
  MESSAGE_UNREAD: (qc, data) => markChannelUnread(qc, data),
} satisfies FeatureEventHandlers;

/** MESSAGE_SEND, besides the history (features/messages): the counters, and the notification (001 §4). */
export function countAndNotify(qc: QueryClient, message: Message): void {
  const counted = countMessage(qc, message);
  if (counted) notifyOfMessage(qc, message, counted);
}

/** READY (a fresh session: events may have been missed): the counters are loaded again. */
export function applyUnreadReady(qc: QueryClient): void {
  reloadUnread(qc);
}
