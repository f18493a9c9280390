import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { twoFactorBackupCodes, users } from '../../db/schema';

/** Keep a new pending secret (2FA stays off until a code of it is confirmed). */
export async function setPendingSecret(db: Executor, userId: string, secret: string): Promise<void> {
  await db.update(users).set({ twoFactorSecret: secret, twoFactorEnabledAt: null, twoFactorLastStep: null }).where(eq(users.id, userId));
}

/**
 * Record `step` as the last accepted time step, only if it is newer than the one stored: one
 * conditional UPDATE, so that of two concurrent uses of a code only one succeeds. False when
 * another use of this step (or a newer one) came first.
 */
export async function acceptStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Turn 2FA on with `secret` (the pending one the code was checked against) and replace the backup
 * codes with these hashes. False when 2FA is already on or the pending secret changed meanwhile.
 */
export async function enableTwoFactor(db: Executor, userId: string, secret: string, codeHashes: readonly string[], now = new Date()): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorEnabledAt: now })
    .where(and(eq(users.id, userId), eq(users.twoFactorSecret, secret), isNull(users.twoFactorEnabledAt)))
    .returning({ id: users.id });
  if (rows.length === 0) return false;
  await db.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId));
  await db.insert(twoFactorBackupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  return true;
}

/** Turn 2FA off: the secret, its state and the backup codes go. */
export async function disableTwoFactor(db: Executor, userId: string): Promise<void> {
  await db.update(users).set({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null }).where(eq(users.id, userId));
  await db.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId));
}

/** Spend an unused backup code (by hash): a conditional UPDATE, so a code works once even under concurrent use. */
export async function spendBackupCode(db: Executor, userId: string, codeHash: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(twoFactorBackupCodes)
    .set({ usedAt: now })
    .where(and(eq(twoFactorBackupCodes.userId, userId), eq(twoFactorBackupCodes.codeHash, codeHash), isNull(twoFactorBackupCodes.usedAt)))
    .returning({ userId: twoFactorBackupCodes.userId });
  return rows.length === 1;
}
