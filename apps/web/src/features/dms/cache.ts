import type { DirectChat } from '@rally/shared/api/dms';
import type { Message } from '@rally/shared/api/messages';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { teamOfChannel } from '../unread/cache';

/**
 * The one place that writes the direct-chat list (queryKeys.dms: DirectChat[], the chat with the
 * newest message first). Mutations and live events (DM_CREATED, DM_HIDDEN, MESSAGE_SEND and the
 * edits and deletes of a chat's newest message) go through these; a list that is not loaded is
 * left alone (it is fetched whole when shown).
 */

const activity = (dm: DirectChat) => dm.lastMessage?.id ?? dm.id;

/** Newest activity first (ids are time-ordered: a chat without messages counts from its own id). */
function sorted(list: DirectChat[]): DirectChat[] {
  return list.slice().sort((a, b) => {
    const [x, y] = [BigInt(activity(a)), BigInt(activity(b))];
    return x === y ? 0 : x > y ? -1 : 1;
  });
}

function updateLoaded(qc: QueryClient, update: (list: DirectChat[]) => DirectChat[]): void {
  qc.setQueryData<DirectChat[]>(queryKeys.dms, (old) => (old === undefined ? old : update(old)));
}

/** A chat opened or shown again: in place of the one with its id, or added, in order. */
export function upsertDm(qc: QueryClient, dm: DirectChat): void {
  updateLoaded(qc, (list) => sorted([dm, ...list.filter((d) => d.id !== dm.id)]));
}

/** The chat left the list (hidden). */
export function removeDm(qc: QueryClient, channelId: string): void {
  updateLoaded(qc, (list) => (list.some((d) => d.id === channelId) ? list.filter((d) => d.id !== channelId) : list));
}

/** Someone's presence changed: the chats with them show it. */
export function setDmPresence(qc: QueryClient, userId: string, presence: DirectChat['users'][number]['presence']): void {
  updateLoaded(qc, (list) =>
    list.some((d) => d.users.some((u) => u.id === userId && u.presence !== presence))
      ? list.map((d) => ({ ...d, users: d.users.map((u) => (u.id === userId ? { ...u, presence } : u)) }))
      : list,
  );
}

/** Someone's avatar or banner changed: the chats with them show it. */
export function setDmUserImages(qc: QueryClient, userId: string, images: Partial<Pick<DirectChat['users'][number], 'profilePicture' | 'banner'>>): void {
  updateLoaded(qc, (list) =>
    list.some((d) => d.users.some((u) => u.id === userId))
      ? list.map((d) => ({ ...d, users: d.users.map((u) => (u.id === userId ? { ...u, ...images } : u)) }))
      : list,
  );
}

/** A user's new username (USER_PROFILE_UPDATED) in every chat of theirs. */
export function renameDmUser(qc: QueryClient, userId: string, username: string): void {
  updateLoaded(qc, (list) =>
    list.some((d) => d.users.some((u) => u.id === userId && u.username !== username))
      ? list.map((d) => ({ ...d, users: d.users.map((u) => (u.id === userId ? { ...u, username } : u)) }))
      : list,
  );
}

/** Read the list again (READY, or a chat shown again whose data the event does not carry). */
export function reloadDms(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: queryKeys.dms });
}

/** The chat of a channel, when the list holds it. */
export function dmOf(qc: QueryClient, channelId: string): DirectChat | undefined {
  return qc.getQueryData<DirectChat[]>(queryKeys.dms)?.find((d) => d.id === channelId);
}

/**
 * A new message: a chat of the list takes it as its newest and moves up. A message of a channel
 * that is neither a known team's nor a listed chat is of a chat the list does not hold yet: the
 * list is read again.
 */
export function dmMessageArrived(qc: QueryClient, message: Message): void {
  const dm = dmOf(qc, message.channelId);
  if (!dm) {
    if (teamOfChannel(qc, message.channelId) === null && qc.getQueryData(queryKeys.dms) !== undefined) reloadDms(qc);
    return;
  }
  if (dm.lastMessage && BigInt(dm.lastMessage.id) >= BigInt(message.id)) return;
  const lastMessage = {
    id: message.id,
    createdAt: message.createdAt,
    content: message.content,
    isDeleted: false,
    attachmentCount: message.attachments.length,
    createdBy: message.createdBy.id,
    type: message.type,
  };
  upsertDm(qc, { ...dm, lastMessage });
}

/** A chat's newest message was edited or deleted: its preview follows (after a delete, the message before it). */
export function dmMessageChanged(qc: QueryClient, channelId: string, messageId: string, change: { content: string } | { deleted: true }): void {
  const dm = dmOf(qc, channelId);
  if (!dm?.lastMessage || dm.lastMessage.id !== messageId) return;
  // A deleted newest message: the one before it is the preview now, which the list's read finds.
  if ('deleted' in change) reloadDms(qc);
  else upsertDm(qc, { ...dm, lastMessage: { ...dm.lastMessage, content: change.content } });
}
