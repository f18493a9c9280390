import type { Message } from '@rally/shared/api/messages';
import type { Reaction } from '@rally/shared/api/reactions';
import type { DispatchData } from '@rally/shared/gateway/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { updateLiveTail, type MessagesData } from './message-cache';

/**
 * Changes to messages already shown: edits, deletions and reactions, from the live events and from
 * the user's own edit, delete and reaction mutations (which apply them at once and roll them back
 * on failure). A message lives in its channel's history pages, possibly among a page's reply
 * targets, in its single-message query (a reply preview of a message not in the history), and in
 * the channel's live tail (message-cache.ts) when it arrived while the history was detached.
 */

/** A message's single-message entry: the message, or null once it is known to be deleted or missing. */
export type SingleMessage = Message | null;

/** Apply `update` to the message `id` wherever the channel's cache holds it (its return value replaces it). */
function updateEverywhere(qc: QueryClient, channelId: string, id: string, update: (m: Message) => Message): void {
  qc.setQueryData<MessagesData>(queryKeys.channelMessages(channelId), (old) => {
    if (!old) return old;
    let changed = false;
    const map = (list: Message[]) =>
      list.map((m) => {
        if (m.id !== id) return m;
        changed = true;
        return update(m);
      });
    const pages = old.pages.map((page) => {
      const messages = map(page.messages);
      const replyMessages = page.replyMessages && map(page.replyMessages);
      return { ...page, messages, ...(replyMessages ? { replyMessages } : {}) };
    });
    return changed ? { ...old, pages } : old;
  });
  qc.setQueryData<SingleMessage>(queryKeys.message(channelId, id), (old) => (old ? update(old) : old));
  updateLiveTail(qc, channelId, (m) => (m.id === id ? update(m) : m));
}

/** The message as it is cached now (history, reply targets or its own entry), or undefined. */
export function findCachedMessage(qc: QueryClient, channelId: string, id: string): Message | undefined {
  const data = qc.getQueryData<MessagesData>(queryKeys.channelMessages(channelId));
  for (const page of data?.pages ?? []) {
    const found = page.messages.find((m) => m.id === id) ?? page.replyMessages?.find((m) => m.id === id);
    if (found) return found;
  }
  return qc.getQueryData<SingleMessage>(queryKeys.message(channelId, id)) ?? undefined;
}

/** An edit (MESSAGE_UPDATED, or the answer to ours): new content, mentions, edit time; the reactions shown stay. */
export function applyMessageEdit(qc: QueryClient, edited: DispatchData<'MESSAGE_UPDATED'>): void {
  updateEverywhere(qc, edited.channelId, edited.id, (m) => ({ ...m, ...edited, reactions: m.reactions }));
}

/** A message was pinned or unpinned (CHANNEL_PINS_UPDATED, or the answer to ours): its pin marker. */
export function applyPinFlag(qc: QueryClient, channelId: string, id: string, pinned: boolean): void {
  updateEverywhere(qc, channelId, id, (m) => (m.pinned === pinned ? m : { ...m, pinned }));
}

/** Put back a message as it was (an edit or reaction that failed). */
export function restoreMessage(qc: QueryClient, message: Message): void {
  updateEverywhere(qc, message.channelId, message.id, () => message);
}

/**
 * A deleted message (MESSAGE_DELETED, or our own delete): it leaves the history (spec 001 §4:
 * deleted messages are hidden), and its single-message entry becomes null, so that the replies to
 * it show the deleted-reply text.
 */
export function removeMessage(qc: QueryClient, channelId: string, id: string): void {
  qc.setQueryData<MessagesData>(queryKeys.channelMessages(channelId), (old) => {
    if (!old) return old;
    const pages = old.pages.map((page) => ({
      ...page,
      messages: page.messages.filter((m) => m.id !== id),
      ...(page.replyMessages ? { replyMessages: page.replyMessages.filter((m) => m.id !== id) } : {}),
    }));
    return { ...old, pages };
  });
  qc.setQueryData<SingleMessage>(queryKeys.message(channelId, id), null);
  updateLiveTail(qc, channelId, (m) => (m.id === id ? null : m));
}

/** A message's single-message entry, as fetched (or null when the server answered that it is not there). */
export function setSingleMessage(qc: QueryClient, channelId: string, id: string, message: SingleMessage): void {
  qc.setQueryData<SingleMessage>(queryKeys.message(channelId, id), message);
}

/** How many user ids a reaction keeps (as the server: LIMITS.reactions.usersShown). */
const USERS_SHOWN = 20;

/**
 * The reactions after `userId` reacted with `emojiId`. Nothing changes when it is known already:
 * for the reader by `me` (their own reaction was applied at once, the event then repeats it), for
 * others by the ids kept.
 */
export function withReaction(reactions: Reaction[], emojiId: string, userId: string, myId: string | undefined, emoji: Reaction['emoji'] = null): Reaction[] {
  const existing = reactions.find((r) => r.emojiId === emojiId);
  const mine = userId === myId;
  if (!existing) return [...reactions, { emojiId, count: 1, users: [userId], me: mine, emoji }];
  if (mine ? existing.me : existing.users.includes(userId)) return reactions;
  const users = existing.users.length < USERS_SHOWN && !existing.users.includes(userId) ? [...existing.users, userId] : existing.users;
  return reactions.map((r) => (r === existing ? { ...r, count: r.count + 1, users, me: r.me || mine, emoji: r.emoji ?? emoji } : r));
}

/**
 * The reactions after `userId` took `emojiId` back. The reader's own is known by `me`; another
 * user's by the ids kept, or, beyond them (more reacted than are kept), only by the count.
 */
export function withoutReaction(reactions: Reaction[], emojiId: string, userId: string, myId: string | undefined): Reaction[] {
  const existing = reactions.find((r) => r.emojiId === emojiId);
  if (!existing) return reactions;
  const mine = userId === myId;
  const known = mine ? existing.me : existing.users.includes(userId) || existing.count > existing.users.length;
  if (!known) return reactions;
  const count = existing.count - 1;
  if (count <= 0) return reactions.filter((r) => r !== existing);
  return reactions.map((r) => (r === existing ? { ...r, count, users: r.users.filter((u) => u !== userId), me: mine ? false : r.me } : r));
}

/** Someone reacted (MESSAGE_REACTION_ADDED, or our own reaction at once). */
export function applyReactionAdded(qc: QueryClient, data: DispatchData<'MESSAGE_REACTION_ADDED'>, myId: string | undefined): void {
  updateEverywhere(qc, data.channelId, data.messageId, (m) => ({ ...m, reactions: withReaction(m.reactions, data.emojiId, data.userId, myId, data.emoji) }));
}

/** Someone took a reaction back (MESSAGE_REACTION_REMOVED, or ours at once). */
export function applyReactionRemoved(qc: QueryClient, data: DispatchData<'MESSAGE_REACTION_REMOVED'>, myId: string | undefined): void {
  updateEverywhere(qc, data.channelId, data.messageId, (m) => ({ ...m, reactions: withoutReaction(m.reactions, data.emojiId, data.userId, myId) }));
}

/** The newest message of `userId` in the channel's loaded history (Up in an empty composer edits it), or undefined. */
export function lastMessageOf(qc: QueryClient, channelId: string, userId: string): Message | undefined {
  const data = qc.getQueryData<MessagesData>(queryKeys.channelMessages(channelId));
  for (const page of data?.pages ?? []) {
    const mine = page.messages.findLast((m) => m.createdBy.id === userId);
    if (mine) return mine;
  }
  return undefined;
}

/**
 * A user's username or avatar changed (USER_PROFILE_UPDATED, or the signed-in user's own rename):
 * every cached message of theirs, in every channel (history pages, reply targets, single-message
 * entries, live tails), shows the new one.
 */
export function setAuthorFields(qc: QueryClient, userId: string, fields: Partial<Pick<Message['createdBy'], 'username' | 'profilePicture'>>): void {
  const update = (m: Message): Message => (m.createdBy.id === userId ? { ...m, createdBy: { ...m.createdBy, ...fields } } : m);
  const touches = (list: readonly Message[] | undefined) => list?.some((m) => m.createdBy.id === userId) ?? false;
  const isKey = (key: readonly unknown[], kind: string) => key[0] === 'channels' && key[2] === kind;
  qc.setQueriesData<MessagesData>({ predicate: (q) => isKey(q.queryKey, 'messages') }, (old) =>
    old && old.pages.some((p) => touches(p.messages) || touches(p.replyMessages))
      ? {
          ...old,
          pages: old.pages.map((p) => ({ ...p, messages: p.messages.map(update), ...(p.replyMessages ? { replyMessages: p.replyMessages.map(update) } : {}) })),
        }
      : old,
  );
  qc.setQueriesData<SingleMessage>({ predicate: (q) => isKey(q.queryKey, 'message') }, (old) => (old && old.createdBy.id === userId ? update(old) : old));
  qc.setQueriesData<Message[]>({ queryKey: ['local', 'liveTail'] }, (old) => (old && touches(old) ? old.map(update) : old));
}
