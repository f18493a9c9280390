import { and, eq, gt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  emailVerifications,
  friendships,
  dmMembers,
  oauthStates,
  passwordResetTokens,
  readStates,
  scheduledMessages,
  sessions,
  teamMembers,
  teams,
  twoFactorBackupCodes,
  userBlocks,
  userConnections,
  users,
} from '../../db/schema';
import { DEFAULT_USER_SETTINGS } from '@rally/shared/api/users';

/** Set the username; true when it changed. */
export async function updateUsername(db: Executor, userId: string, username: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ username })
    .where(and(eq(users.id, userId), ne(users.username, username)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Set the slug (a taken one fails on users_slug_lower_idx). */
export async function updateSlug(db: Executor, userId: string, slug: string): Promise<void> {
  await db.update(users).set({ slug }).where(eq(users.id, userId));
}

export async function findPasswordHash(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.passwordHash ?? null;
}

/** Set the e-mail address and whether it is verified. */
export async function updateEmail(db: Executor, userId: string, email: string, verified: boolean): Promise<void> {
  await db.update(users).set({ email, verified }).where(eq(users.id, userId));
}

export async function insertVerification(db: Executor, row: { keyHash: string; userId: string; email: string; expiresAt: Date }): Promise<void> {
  await db.insert(emailVerifications).values(row);
}

/** The user and address of a verification link that has not expired, by the key's hash. */
export async function findLiveVerification(db: Executor, keyHash: string, now = new Date()): Promise<{ userId: string; email: string } | null> {
  const [row] = await db
    .select({ userId: emailVerifications.userId, email: emailVerifications.email })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.keyHash, keyHash), gt(emailVerifications.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Delete every verification link of the user (verified, or the address changed). */
export async function deleteUserVerifications(db: Executor, userId: string): Promise<void> {
  await db.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
}

/**
 * Mark the user verified when their address is still `email`; returns the address, or null when
 * it changed since the link was mailed (or the user is gone).
 */
export async function markVerified(db: Executor, userId: string, email: string): Promise<string | null> {
  const rows = await db
    .update(users)
    .set({ verified: true })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning({ email: users.email });
  return rows[0]?.email ?? null;
}

/** Delete the user's sessions but one; returns their token hashes (to close their sockets). */
export async function deleteOtherSessions(db: Executor, userId: string, keepTokenHash: string): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.map((row) => row.tokenHash);
}

/** Whether the user owns a team (an owner cannot delete their account). */
export async function ownsTeam(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.select({ id: teams.id }).from(teams).where(eq(teams.ownerId, userId)).limit(1);
  return rows.length > 0;
}

/** The teams the user belongs to. */
export async function teamIdsOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId));
  return rows.map((row) => row.teamId);
}

/** Delete the user's friendships and friend requests (either way); returns the other users. */
export async function deleteFriendships(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .delete(friendships)
    .where(or(eq(friendships.userLow, userId), eq(friendships.userHigh, userId)))
    .returning({ low: friendships.userLow, high: friendships.userHigh });
  return rows.map((row) => (row.low === userId ? row.high : row.low));
}

/**
 * Replace a deleted user's personal data with placeholders: the name 'Deleted User', a slug and an
 * address nobody can choose (longer than a slug may be; the .invalid domain), a password hash that
 * no password matches (not an argon2 hash), and nothing else of theirs.
 */
export async function anonymiseUser(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      deletedAt: now,
      username: 'Deleted User',
      slug: `deleted-${userId}`,
      email: `deleted-${userId}@invalid`,
      passwordHash: '!deleted',
      verified: false,
      birthdate: null,
      consentAt: null,
      profilePicture: null,
      banner: null,
      presence: 0,
      flags: 0,
      privateFlags: 0,
      statusContent: null,
      statusEmoji: null,
      activity: null,
      friendCode: null,
      settings: DEFAULT_USER_SETTINGS,
      appTour: {},
      twoFactorSecret: null,
      twoFactorEnabledAt: null,
      twoFactorLastStep: null,
    })
    .where(eq(users.id, userId));
}

/**
 * Delete what a deleted account leaves behind but its messages and team memberships (those leave
 * through the moderation service): sessions, blocks either way, the hidden flags of its direct
 * chats, scheduled messages, read states, two-factor codes, connections, OAuth states, and its
 * verification and reset links. Returns the ended sessions' token hashes.
 */
export async function deletePersonalRows(db: Executor, userId: string): Promise<string[]> {
  await db.delete(userBlocks).where(or(eq(userBlocks.userId, userId), eq(userBlocks.blockedId, userId)));
  await db.update(dmMembers).set({ hidden: false }).where(eq(dmMembers.userId, userId));
  await db.delete(scheduledMessages).where(eq(scheduledMessages.authorId, userId));
  await db.delete(readStates).where(eq(readStates.userId, userId));
  await db.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId));
  await db.delete(userConnections).where(eq(userConnections.userId, userId));
  await db.delete(oauthStates).where(eq(oauthStates.userId, userId));
  await db.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ tokenHash: sessions.tokenHash });
  return ended.map((row) => row.tokenHash);
}
