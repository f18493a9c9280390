import type { Relationship, SetActivityRequest, SetStatusRequest, UserProfile } from '@rally/shared/api/profile';
import { isCustomEmojiId } from '@rally/shared/api/reactions';
import { Presence, type Activity, type UserStatus } from '@rally/shared/api/users';
import type { DispatchData } from '@rally/shared/gateway/protocol';
import { isSnowflake } from '@rally/shared/ids';
import { LIMITS } from '@rally/shared/limits';
import { badRequest, notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { readAll } from '../../db/read-all';
import { canonicalStandardEmoji } from '../reactions/standard-emoji';
import { toPublicUser, updateActivity, updateStatus } from '../users/repository';
import { toActivity, toUserStatus } from '../users/status';
import { findProfile, findSharedMembership, findWearableEmoji, type ProfileRow } from './repository';
import type { ProfileUpdates } from './updates';

/** What a service that changes what a user's circle sees of them needs: the app's ProfileUpdates (updates.ts). */
export interface ProfileDeps extends ServiceDeps {
  profileUpdates: ProfileUpdates;
}

function relationshipOf(row: ProfileRow, viewerId: string): Relationship {
  if (row.id === viewerId) return 'self';
  if (row.blocked) return 'blocked';
  if (row.friendStatus === 'accepted') return 'friend';
  if (row.friendStatus === 'pending') return row.requesterId === viewerId ? 'outgoing' : 'incoming';
  return 'none';
}

/**
 * A user's profile as the caller sees it (userProfileSchema). The caller may see the users they are
 * tied to: themselves, whoever shares a team or a direct chat with them, a friend or a request either
 * way, and those they blocked; anyone else is 404 user_not_found, as a user that does not exist.
 * Presence, status and activity go to the user's circle only (themselves, friends, teammates).
 * With `teamId`, the user's roles and joining date there when both belong to it (else `member` null).
 */
export async function getProfile(deps: ServiceDeps, viewerId: string, userId: string, teamId?: string): Promise<UserProfile> {
  const [row, membership] = await readAll(deps.db, [
    () => findProfile(deps.db, viewerId, userId),
    async () => (teamId === undefined ? null : findSharedMembership(deps.db, teamId, viewerId, userId)),
  ]);
  const relationship = row ? relationshipOf(row, viewerId) : 'none';
  if (!row || (relationship === 'none' && !row.sharesTeam && !row.sharesChat)) throw notFound('user_not_found');
  const inCircle = relationship === 'self' || relationship === 'friend' || row.sharesTeam;
  return {
    ...toPublicUser(row),
    ...(!inCircle && { presence: Presence.OFFLINE }),
    status: inCircle ? toUserStatus(row) : null,
    activity: inCircle ? toActivity(row.activity) : null,
    createdAt: row.createdAt.toISOString(),
    relationship,
    member: membership && teamId ? { teamId, roles: membership.roleIds, joinedAt: membership.joinedAt.toISOString() } : null,
  };
}

/**
 * Tell the user's circle (their teams, their friends and themselves) that their username, status,
 * activity, avatar or banner changed: at once, or together with the changes that follow within the
 * coalescing window (updates.ts).
 */
export function publishProfileUpdate(deps: Pick<ProfileDeps, 'profileUpdates'>, change: DispatchData<'USER_PROFILE_UPDATED'>): Promise<void> {
  return deps.profileUpdates.changed(change);
}

/**
 * The status emoji as it is stored, with a team emoji's name and image: a standard emoji of
 * emojibase's set (fully qualified), or an emoji of a team the user belongs to; anything else is
 * 400 status_emoji_invalid.
 */
async function resolveStatusEmoji(deps: ServiceDeps, userId: string, raw: string): Promise<Pick<UserStatus, 'emojiId' | 'emoji'>> {
  const invalid = () => badRequest('status_emoji_invalid', { emojiId: 'status_emoji_invalid' });
  if (!isCustomEmojiId(raw)) {
    const emojiId = canonicalStandardEmoji(raw);
    if (!emojiId) throw invalid();
    return { emojiId, emoji: null };
  }
  const emoji = isSnowflake(raw) ? await findWearableEmoji(deps.db, raw, userId) : null;
  if (!emoji) throw invalid();
  return { emojiId: raw, emoji };
}

/**
 * Set the caller's custom status (001 §7 Status): text and emoji, not both empty (400 status_empty).
 * Unchanged: nothing is written or published; otherwise the circle gets USER_PROFILE_UPDATED
 * (coalesced with the changes that follow it, updates.ts).
 */
export async function setStatus(deps: ProfileDeps, userId: string, body: SetStatusRequest): Promise<UserStatus> {
  const content = body.content || null;
  const rawEmoji = body.emojiId || null;
  if (content === null && rawEmoji === null) throw badRequest('status_empty');
  const { emojiId, emoji } = rawEmoji === null ? { emojiId: null, emoji: null } : await resolveStatusEmoji(deps, userId, rawEmoji);
  const status: UserStatus = { content, emojiId, emoji };
  if (await updateStatus(deps.db, userId, content, emojiId)) await publishProfileUpdate(deps, { userId, status });
  return status;
}

/** Clear the caller's custom status; the circle hears of it when there was one. */
export async function clearStatus(deps: ProfileDeps, userId: string): Promise<void> {
  if (await updateStatus(deps.db, userId, null, null)) await publishProfileUpdate(deps, { userId, status: null });
}

/**
 * Set the caller's game activity (000 §7 rpc): `game` is playing; empty lines are none; the start
 * is now unless given, and not later than LIMITS.activity.startSkewMs from now (400
 * activity_start_invalid). The circle gets USER_PROFILE_UPDATED.
 */
export async function setActivity(deps: ProfileDeps, userId: string, body: SetActivityRequest, now = Date.now()): Promise<Activity> {
  const startedAt = body.startedAt ?? now;
  if (startedAt > now + LIMITS.activity.startSkewMs) throw badRequest('activity_start_invalid', { startedAt: 'activity_start_invalid' });
  const activity: Activity = {
    type: !body.type || body.type === 'game' ? 'playing' : body.type,
    id: body.gameId || null,
    name: body.name,
    details: body.details || null,
    state: body.state || null,
    startedAt: new Date(startedAt).toISOString(),
  };
  if (await updateActivity(deps.db, userId, activity)) await publishProfileUpdate(deps, { userId, activity });
  return activity;
}

/** Clear the caller's game activity; the circle hears of it when there was one. */
export async function clearActivity(deps: ProfileDeps, userId: string): Promise<void> {
  if (await updateActivity(deps.db, userId, null)) await publishProfileUpdate(deps, { userId, activity: null });
}
