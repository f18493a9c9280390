import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResetTokens, sessions, users } from '../../db/schema';

export async function insertResetToken(db: Executor, row: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values(row);
}

/** The condition of a token that still works: not used, not expired. */
const liveToken = (tokenHash: string, now: Date) =>
  and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));

/** Whether a token (by hash) is unused and unexpired. */
export async function isLiveResetToken(db: Executor, tokenHash: string, now = new Date()): Promise<boolean> {
  const rows = await db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens).where(liveToken(tokenHash, now)).limit(1);
  return rows.length === 1;
}

/**
 * Mark a live token used and return its user, or null when it is unknown, used or expired. One
 * conditional UPDATE: of two concurrent uses, only one finds the token unused.
 */
export async function spendResetToken(db: Executor, tokenHash: string, now = new Date()): Promise<string | null> {
  const rows = await db.update(passwordResetTokens).set({ usedAt: now }).where(liveToken(tokenHash, now)).returning({ userId: passwordResetTokens.userId });
  return rows[0]?.userId ?? null;
}

/** Spend every other unused token of the user (links mailed earlier stop working with the new password). */
export async function spendUserResetTokens(db: Executor, userId: string, now = new Date()): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function setPasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Delete every session of the user; returns their token hashes (to close their sockets). */
export async function deleteUserSessions(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ tokenHash: sessions.tokenHash });
  return rows.map((row) => row.tokenHash);
}
