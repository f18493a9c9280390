import { compareIds, type ChatMessage } from './message-cache';

/** Messages of others, already sent, after `anchor` (the newest one the reader had seen): the 'new messages' bar's count. */
export function unseenCount(messages: readonly ChatMessage[], anchor: string, myId: string | undefined): number {
  let count = 0;
  for (const m of messages) if (m.state === 'sent' && m.createdBy.id !== myId && compareIds(m.id, anchor) > 0) count++;
  return count;
}
