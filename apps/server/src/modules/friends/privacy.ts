import { DEFAULT_USER_SETTINGS, type UserSettings } from '@rally/shared/api/users';
import type { Executor } from '../../db/client';
import { readAll } from '../../db/read-all';
import { forbidden, notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { findUserById, type SignedInUser } from '../users/repository';
import { publishSettings, settingsOf } from '../users/service';
import { areFriends, blocksBetween, haveMutualFriend, updatePrivacySettings } from './repository';

/** The user's privacy settings (spec 000 §3), the defaults (everyone) filling what a stored row lacks. */
export function privacyOf(user: Pick<SignedInUser, 'settings'>): UserSettings['privacy'] {
  return { ...DEFAULT_USER_SETTINGS.privacy, ...user.settings.privacy };
}

/**
 * 403 unless `fromId` may send `target` a friend request under the target's privacy setting
 * (000 §3 privacy.friendRequests): everyone; fof, only a user who shares a friend with them; noone,
 * nobody. Blocks are checked by the caller first (they say more).
 */
export async function assertMayRequestFriendship(db: Executor, fromId: string, target: Pick<SignedInUser, 'id' | 'settings'>): Promise<void> {
  const { friendRequests } = privacyOf(target);
  if (friendRequests === 'everyone') return;
  if (friendRequests === 'fof' && (await haveMutualFriend(db, fromId, target.id))) return;
  throw forbidden('friend_request_not_accepted');
}

/** What the direct-message check reads: the database (or an open transaction). */
export interface DirectMessageDeps {
  db: Executor;
}

/**
 * The one rule for who may send a user a direct message (spec 000 §3 privacy.directMessages,
 * 001 §6 blocked DM user), for the DM feature to call when a conversation is opened and on every
 * send:
 * - the recipient must exist (404 user_not_found);
 * - the sender blocked the recipient: 403 dm_blocked ('You have blocked this user. Unblock them
 *   to send messages.'); the recipient blocked the sender: 403 dm_not_accepted;
 * - the recipient's setting: `everyone` lets anyone in; `friends` only their friends
 *   (403 dm_friends_only); `fof` their friends and the friends of their friends (403 dm_fof_only).
 * Writing to oneself passes. Bots, system accounts and read-only system DMs are the DM feature's rules.
 */
export async function assertMayDirectMessage(deps: DirectMessageDeps, fromUserId: string, toUserId: string): Promise<void> {
  if (fromUserId === toUserId) return;
  // Checked on every send to a chat of two: the recipient and the blocks in one round trip.
  const [recipient, blocks] = await readAll(deps.db, [() => findUserById(deps.db, toUserId), () => blocksBetween(deps.db, fromUserId, toUserId)]);
  if (!recipient) throw notFound('user_not_found');
  if (blocks.aBlockedB) throw forbidden('dm_blocked');
  if (blocks.bBlockedA) throw forbidden('dm_not_accepted');
  const { directMessages } = privacyOf(recipient);
  if (directMessages === 'everyone') return;
  if (await areFriends(deps.db, fromUserId, toUserId)) return;
  if (directMessages === 'friends') throw forbidden('dm_friends_only');
  if (await haveMutualFriend(deps.db, fromUserId, toUserId)) return;
  throw forbidden('dm_fof_only');
}

/**
 * Change the caller's privacy settings (POST /api/v1/me/settings/privacy); the settings after it.
 * Enforced from the next request on; the user's sessions get USER_SETTINGS_UPDATED.
 */
export async function updatePrivacy(deps: ServiceDeps, userId: string, change: Partial<UserSettings['privacy']>): Promise<UserSettings['privacy']> {
  const settings = await updatePrivacySettings(deps.db, userId, change);
  if (!settings) throw notFound('user_not_found');
  await publishSettings(deps, userId, settingsOf(settings));
  return privacyOf({ settings });
}
