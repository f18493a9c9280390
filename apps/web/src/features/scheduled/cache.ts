import type { Message } from '@rally/shared/api/messages';
import type { ScheduledMessage } from '@rally/shared/api/scheduled-messages';
import type { MeResponse } from '@rally/shared/api/users';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/** The soonest first, as the server lists them. */
function bySendTime(a: ScheduledMessage, b: ScheduledMessage): number {
  return Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt);
}

function update(qc: QueryClient, channelId: string, change: (list: ScheduledMessage[]) => ScheduledMessage[]): void {
  qc.setQueryData<ScheduledMessage[]>(queryKeys.scheduledMessages(channelId), (old) => (old ? change(old) : old));
}

/** A message the user just scheduled joins their list of the channel (when it is loaded). */
export function addScheduled(qc: QueryClient, scheduled: ScheduledMessage): void {
  update(qc, scheduled.channelId, (list) => [...list.filter((m) => m.id !== scheduled.id), scheduled].sort(bySendTime));
}

/** A cancelled message leaves the list. */
export function removeScheduled(qc: QueryClient, channelId: string, id: string): void {
  update(qc, channelId, (list) => list.filter((m) => m.id !== id));
}

/**
 * One of the user's scheduled messages was sent (MESSAGE_SEND of type 'scheduled' by them, created
 * at its time): the waiting ones due by then have been sent or dropped; they leave the list at once,
 * and the list is read again to be exact.
 */
export function scheduledMessageSent(qc: QueryClient, message: Message): void {
  if (message.type !== 'scheduled' || message.createdBy.id !== qc.getQueryData<MeResponse | null>(queryKeys.me)?.user.id) return;
  const sentAt = Date.parse(message.createdAt);
  update(qc, message.channelId, (list) => list.filter((m) => Date.parse(m.scheduledAt) > sentAt));
  void qc.invalidateQueries({ queryKey: queryKeys.scheduledMessages(message.channelId), exact: true });
}
