import type { BlockedUser } from '@rally/shared/api/friends';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { publishBlocked, publishFriendRemoved, publishUnblocked } from './events';
import { toBlockedUser } from './mappers';
import { deleteBlock, deleteFriendship, insertBlock, listBlocks } from './repository';
import { lockPair } from './service';

/** The users the caller blocked, newest first (spec 001 §3 Blocked list). */
export async function listBlockedUsers(db: Executor, userId: string): Promise<BlockedUser[]> {
  const rows = await listBlocks(db, userId);
  return rows.map(({ block, user }) => toBlockedUser(block, user));
}

/**
 * Block a user (001 §7 POST /api/me/users/{userId}/block): not oneself (400 block_self), not a
 * system account (400 block_system, 001 §6), not twice (409). In one transaction with both users
 * locked, the block is stored and any friendship or request between the two removed. After it:
 * USER_BLOCKED to the blocker's sessions, and FRIEND_REMOVED to both when an entry went.
 */
export async function blockUser(deps: ServiceDeps, userId: string, targetId: string): Promise<BlockedUser> {
  if (targetId === userId) throw badRequest('block_self');
  const { blocked, unfriended } = await deps.db.transaction(async (tx) => {
    const { other } = await lockPair(tx, userId, targetId);
    if (other.system) throw badRequest('block_system');
    const block = await insertBlock(tx, userId, targetId);
    if (!block) throw conflict('user_already_blocked');
    const removed = await deleteFriendship(tx, userId, targetId);
    return { blocked: toBlockedUser(block, other), unfriended: removed !== null };
  });
  await publishBlocked(deps, userId, blocked);
  if (unfriended) await publishFriendRemoved(deps, userId, targetId);
  return blocked;
}

/** Lift a block (DELETE /api/me/users/{userId}/block); 404 user_not_blocked when there is none. USER_UNBLOCKED to the caller's sessions. */
export async function unblockUser(deps: ServiceDeps, userId: string, targetId: string): Promise<void> {
  if (!(await deleteBlock(deps.db, userId, targetId))) throw notFound('user_not_blocked');
  await publishUnblocked(deps, userId, targetId);
}
