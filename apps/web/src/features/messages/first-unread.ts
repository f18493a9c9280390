import { compareIds, type ChatMessage } from './message-cache';

/**
 * The first unread message of a loaded history, above which the "new" line goes: the first sent
 * message after the read marker `lastReadId`. With no marker ('0': nothing read since the reader
 * joined) the count tells where it starts: the `unread`-th newest message of others. Undefined when
 * it is not among the loaded messages (older than the oldest loaded, or nothing unread).
 */
export function firstUnreadId(messages: readonly ChatMessage[], lastReadId: string, unread: number, myId: string | undefined): string | undefined {
  if (lastReadId !== '0') return messages.find((m) => m.state === 'sent' && compareIds(m.id, lastReadId) > 0)?.id;
  if (unread <= 0) return undefined;
  let left = unread;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!; // i in range
    if (m.state !== 'sent' || m.createdBy.id === myId) continue;
    left--;
    if (left === 0) return m.id;
  }
  return undefined;
}
