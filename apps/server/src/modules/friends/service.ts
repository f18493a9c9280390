import type { Friend } from '@rally/shared/api/friends';
import { LIMITS } from '@rally/shared/limits';
import type { Executor } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import type { SignedInUser } from '../users/repository';
import { publishFriendRemoved, publishFriendship } from './events';
import { toFriend } from './mappers';
import { assertMayRequestFriendship } from './privacy';
import {
  acceptFriendship,
  blocksBetween,
  deleteFriendship,
  findFriendship,
  findUserBySlug,
  findUsersByName,
  insertFriendship,
  listFriendships,
  lockUsers,
  type FriendshipRow,
} from './repository';

/** The signed-in user's friends and requests, newest first (spec 001 §2 /me/friends). */
export async function listFriends(db: Executor, userId: string): Promise<Friend[]> {
  const rows = await listFriendships(db, userId);
  return rows.map(({ friendship, user }) => toFriend(friendship, user));
}

/** Inside a transaction: both users' rows, locked in id order (see lockUsers); 404 when the other is gone. */
export async function lockPair(tx: Executor, meId: string, otherId: string, missing: Parameters<typeof notFound>[0] = 'user_not_found') {
  const rows = await lockUsers(tx, meId, otherId);
  const me = rows.find((u) => u.id === meId);
  const other = rows.find((u) => u.id === otherId);
  if (!me || !other) throw notFound(missing);
  return { me, other };
}

/** 403 when either blocked the other: the sender's own block says so, the other's reads as not accepting requests. */
async function assertNotBlocked(tx: Executor, meId: string, otherId: string): Promise<void> {
  const blocks = await blocksBetween(tx, meId, otherId);
  if (blocks.aBlockedB) throw forbidden('friend_request_blocked');
  if (blocks.bBlockedA) throw forbidden('friend_request_not_accepted');
}

interface Changed {
  friendship: FriendshipRow;
  me: SignedInUser;
  other: SignedInUser;
}

/**
 * Whom the add-friend field names: the user of that handle (slug, any case) or else the one user
 * who has that name (findUsersByName). The handle comes first: it is unique and chosen by its owner,
 * so no one can take it over by calling themselves someone else's handle. A name that several users
 * have is refused (409 friend_name_ambiguous: the handle tells them apart); none: 404.
 */
async function findFriendTarget(deps: ServiceDeps, nameOrHandle: string): Promise<SignedInUser> {
  const byHandle = LIMITS.slug.min <= nameOrHandle.length && nameOrHandle.length <= LIMITS.slug.max ? await findUserBySlug(deps.db, nameOrHandle) : null;
  if (byHandle) return byHandle;
  const byName = await findUsersByName(deps.db, nameOrHandle, 2);
  if (byName.length > 1) throw conflict('friend_name_ambiguous', { slug: 'friend_name_ambiguous' });
  const [only] = byName;
  if (!only) throw notFound('friend_user_not_found');
  return only;
}

/**
 * Send a friend request to the user named in the add-friend field (findFriendTarget) — spec 001 §4
 * Friend, §7. Refused: oneself (400), an unknown or shared name (404, 409), a bot or system account (400), a block either way
 * (403), friends already or a request already sent (409), the other's privacy (403, 000 §3). When
 * the other user had sent the caller a request, it is accepted instead (as Discord does). In one
 * transaction with both users locked; FRIEND_REQUEST (or FRIEND_ACCEPTED) to both after it.
 */
export async function sendFriendRequest(deps: ServiceDeps, userId: string, nameOrHandle: string): Promise<Friend> {
  const target = await findFriendTarget(deps, nameOrHandle);
  if (target.id === userId) throw badRequest('friend_request_self');
  if (target.bot || target.system) throw badRequest('friend_request_bot');
  const changed = await deps.db.transaction(async (tx): Promise<Changed> => {
    const { me, other } = await lockPair(tx, userId, target.id, 'friend_user_not_found');
    await assertNotBlocked(tx, userId, other.id);
    const existing = await findFriendship(tx, userId, other.id);
    if (existing?.status === 'accepted') throw conflict('friend_already');
    if (existing && existing.requesterId === userId) throw conflict('friend_request_pending');
    if (existing) {
      const accepted = await acceptFriendship(tx, userId, other.id);
      if (!accepted) throw new Error('sendFriendRequest: the pending request was not found under the lock');
      return { friendship: accepted, me, other };
    }
    await assertMayRequestFriendship(tx, userId, other);
    return { friendship: await insertFriendship(tx, userId, other.id, 'pending'), me, other };
  });
  await publishFriendship(deps, changed.friendship, changed.me, changed.other);
  return toFriend(changed.friendship, changed.other);
}

/**
 * Answer an incoming request (001 §7 POST /api/me/friends/{userId} {status}): accepted makes the
 * two friends (FRIEND_ACCEPTED to both), rejected removes it (FRIEND_REMOVED to both; the answer's
 * `friend` is null). 404 friend_request_not_found unless that user has a request pending to the
 * caller; 409 friend_already when they are friends. `id`, when sent, must be that user.
 */
export async function respondFriendRequest(
  deps: ServiceDeps,
  userId: string,
  otherId: string,
  answer: { status: 'accepted' | 'rejected'; id?: string | undefined },
): Promise<Friend | null> {
  if (answer.id !== undefined && answer.id !== otherId) throw badRequest('friend_id_mismatch', { id: 'friend_id_mismatch' });
  if (otherId === userId) throw notFound('friend_request_not_found');
  const changed = await deps.db.transaction(async (tx): Promise<Changed | null> => {
    const { me, other } = await lockPair(tx, userId, otherId, 'friend_request_not_found');
    const existing = await findFriendship(tx, userId, otherId);
    if (existing?.status === 'accepted') throw conflict('friend_already');
    if (!existing || existing.requesterId !== otherId) throw notFound('friend_request_not_found');
    if (answer.status === 'rejected') {
      await deleteFriendship(tx, userId, otherId);
      return null;
    }
    const accepted = await acceptFriendship(tx, userId, otherId);
    if (!accepted) throw new Error('respondFriendRequest: the pending request was not found under the lock');
    return { friendship: accepted, me, other };
  });
  if (!changed) {
    await publishFriendRemoved(deps, userId, otherId);
    return null;
  }
  await publishFriendship(deps, changed.friendship, changed.me, changed.other);
  return toFriend(changed.friendship, changed.other);
}

/**
 * Unfriend, cancel one's outgoing request, or decline an incoming one (DELETE /api/me/friends/{userId}):
 * the pair's entry goes, FRIEND_REMOVED to both; 404 friend_not_found when there is none.
 */
export async function removeFriend(deps: ServiceDeps, userId: string, otherId: string, id?: string): Promise<void> {
  if (id !== undefined && id !== otherId) throw badRequest('friend_id_mismatch', { id: 'friend_id_mismatch' });
  if (otherId === userId) throw notFound('friend_not_found');
  const removed = await deleteFriendship(deps.db, userId, otherId);
  if (!removed) throw notFound('friend_not_found');
  await publishFriendRemoved(deps, userId, otherId);
}
