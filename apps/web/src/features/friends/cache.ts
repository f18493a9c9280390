import type { BlockedUser, Friend } from '@rally/shared/api/friends';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/**
 * The one place that writes the friend caches: the friends-and-requests list (queryKeys.friends:
 * Friend[], newest first) and the blocked list (queryKeys.blocks: BlockedUser[]). Mutations and the
 * live events (FRIEND_REQUEST, FRIEND_ACCEPTED, FRIEND_REMOVED, USER_BLOCKED, USER_UNBLOCKED) both
 * go through these; a list that is not loaded is left alone (it is fetched whole when shown).
 */

function updateLoaded<T>(qc: QueryClient, key: readonly unknown[], update: (data: T) => T): void {
  qc.setQueryData<T>(key, (old) => (old === undefined ? old : update(old)));
}

/** A request sent or received (pending), or one accepted: in place of the entry for that user, or first. */
export function upsertFriend(qc: QueryClient, friend: Friend): void {
  updateLoaded<Friend[]>(qc, queryKeys.friends, (list) => {
    const i = list.findIndex((f) => f.user.id === friend.user.id);
    if (i === -1) return [friend, ...list];
    const next = list.slice();
    next[i] = friend;
    return next;
  });
}

/** The entry for that user went (rejected, cancelled, unfriended, blocked). */
export function removeFriend(qc: QueryClient, userId: string): void {
  updateLoaded<Friend[]>(qc, queryKeys.friends, (list) => (list.some((f) => f.user.id === userId) ? list.filter((f) => f.user.id !== userId) : list));
}

export function addBlocked(qc: QueryClient, blocked: BlockedUser): void {
  updateLoaded<BlockedUser[]>(qc, queryKeys.blocks, (list) => [blocked, ...list.filter((b) => b.userId !== blocked.userId)]);
  removeFriend(qc, blocked.userId);
}

export function removeBlocked(qc: QueryClient, userId: string): void {
  updateLoaded<BlockedUser[]>(qc, queryKeys.blocks, (list) => (list.some((b) => b.userId === userId) ? list.filter((b) => b.userId !== userId) : list));
}

/** A user's presence changed: their entry shows it. */
export function setFriendPresence(qc: QueryClient, userId: string, presence: Friend['user']['presence']): void {
  updateLoaded<Friend[]>(qc, queryKeys.friends, (list) =>
    list.some((f) => f.user.id === userId && f.user.presence !== presence)
      ? list.map((f) => (f.user.id === userId ? { ...f, user: { ...f.user, presence } } : f))
      : list,
  );
}

/** A user's avatar or banner changed: their entry shows it. */
export function setFriendImages(qc: QueryClient, userId: string, images: Partial<Pick<Friend['user'], 'profilePicture' | 'banner'>>): void {
  updateLoaded<Friend[]>(qc, queryKeys.friends, (list) =>
    list.some((f) => f.user.id === userId) ? list.map((f) => (f.user.id === userId ? { ...f, user: { ...f.user, ...images } } : f)) : list,
  );
}

/** A friend's new username (USER_PROFILE_UPDATED). */
export function renameFriend(qc: QueryClient, userId: string, username: string): void {
  updateLoaded<Friend[]>(qc, queryKeys.friends, (list) =>
    list.some((f) => f.user.id === userId && f.user.username !== username)
      ? list.map((f) => (f.user.id === userId ? { ...f, user: { ...f.user, username } } : f))
      : list,
  );
}

/** After READY (a new session, or one started over after missed events): the lists are read again. */
export function reloadFriends(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: queryKeys.friends });
  void qc.invalidateQueries({ queryKey: queryKeys.blocks });
}
