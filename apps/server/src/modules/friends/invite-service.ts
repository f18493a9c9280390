import { randomInt } from 'node:crypto';
import type { Friend } from '@rally/shared/api/friends';
import type { PublicUser } from '@rally/shared/api/users';
import { LIMITS } from '@rally/shared/limits';
import type { Executor } from '../../db/client';
import { uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { toPublicUser, type SignedInUser } from '../users/repository';
import { publishFriendship } from './events';
import { toFriend } from './mappers';
import {
  acceptFriendship,
  blocksBetween,
  findFriendCode,
  findFriendship,
  findUserByFriendCode,
  insertFriendship,
  setFriendCodeIfNone,
  type FriendshipRow,
} from './repository';
import { lockPair } from './service';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const FRIEND_CODE_INDEX = 'users_friend_code_unique';

/** A new friend-invite code: LIMITS.friendCodeLength random base62 characters from the CSPRNG (about 95 bits). */
export function generateFriendCode(): string {
  let code = '';
  for (let i = 0; i < LIMITS.friendCodeLength; i++) code += BASE62[randomInt(BASE62.length)];
  return code;
}

/**
 * The user's friend-invite code (GET /api/v1/me/friendInvite), made on the first call and kept
 * (the same link every time). Two first calls at once both end with the code that was stored.
 */
export async function friendInviteCode(db: Executor, userId: string): Promise<string> {
  const existing = await findFriendCode(db, userId);
  if (existing) return existing;
  for (let attempt = 0; ; attempt++) {
    try {
      const code = await setFriendCodeIfNone(db, userId, generateFriendCode());
      if (!code) throw notFound('user_not_found');
      return code;
    } catch (err) {
      // Another user holds the drawn code (about 2^-95 per draw): draw again.
      if (uniqueViolation(err) === FRIEND_CODE_INDEX && attempt < 2) continue;
      throw err;
    }
  }
}

/** The owner of a friend-invite code; 404 friend_code_invalid for a code nobody holds. */
export async function inviterOf(db: Executor, code: string): Promise<SignedInUser> {
  const inviter = await findUserByFriendCode(db, code);
  if (!inviter) throw notFound('friend_code_invalid');
  return inviter;
}

/** Who invites with this code (the /friendinvite page; registration checks the code the same way). */
export async function validateFriendInvite(db: Executor, code: string): Promise<PublicUser> {
  return toPublicUser(await inviterOf(db, code));
}

/**
 * Inside a transaction (both users locked): make the two friends through the inviter's link —
 * the inviter shared it, so their friend-request privacy does not apply, but a block either way
 * does (403). A pending request either way is accepted; with none, an accepted friendship is
 * made whose `createdBy` is the inviter. 409 friend_already when they are friends.
 */
async function befriendThroughInvite(tx: Executor, userId: string, inviterId: string): Promise<FriendshipRow> {
  const blocks = await blocksBetween(tx, userId, inviterId);
  if (blocks.aBlockedB) throw forbidden('friend_request_blocked');
  if (blocks.bBlockedA) throw forbidden('friend_request_not_accepted');
  const existing = await findFriendship(tx, userId, inviterId);
  if (existing?.status === 'accepted') throw conflict('friend_already');
  if (existing) {
    const accepted = await acceptFriendship(tx, userId, inviterId);
    if (!accepted) throw new Error('befriendThroughInvite: the pending request was not found under the lock');
    return accepted;
  }
  return insertFriendship(tx, inviterId, userId, 'accepted');
}

/**
 * Accept a friend invite while signed in (the /friendinvite page): not one's own (400
 * friend_invite_own), an unknown code 404; FRIEND_ACCEPTED to both after the commit.
 */
export async function acceptFriendInvite(deps: ServiceDeps, userId: string, code: string): Promise<Friend> {
  const inviter = await inviterOf(deps.db, code);
  if (inviter.id === userId) throw badRequest('friend_invite_own');
  const changed = await deps.db.transaction(async (tx) => {
    const { me, other } = await lockPair(tx, userId, inviter.id, 'friend_code_invalid');
    return { friendship: await befriendThroughInvite(tx, userId, other.id), me, other };
  });
  await publishFriendship(deps, changed.friendship, changed.me, changed.other);
  return toFriend(changed.friendship, changed.other);
}

/**
 * Registration with a friend code (000 §7 POST /api/v1/register {friendCode}), inside the
 * registration's transaction, after the new user's row: the new user and the code's owner become
 * friends (accepted: the inviter shared the link, the new user typed or followed it). An unknown
 * code refuses the registration with 400 and the field error friendCode (nothing is created).
 * Returns the friendship and the inviter for the events to publish after the commit.
 */
export async function befriendAtRegistration(tx: Executor, newUser: SignedInUser, code: string): Promise<{ friendship: FriendshipRow; inviter: SignedInUser }> {
  const inviter = await findUserByFriendCode(tx, code);
  if (!inviter) throw badRequest('friend_code_invalid', { friendCode: 'friend_code_invalid' });
  const { other } = await lockPair(tx, newUser.id, inviter.id, 'friend_code_invalid');
  return { friendship: await insertFriendship(tx, other.id, newUser.id, 'accepted'), inviter: other };
}
