import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { hashBackupCode, newBackupCodes } from '../../src/modules/two-factor/backup-codes';
import { enableTwoFactor, setPendingSecret } from '../../src/modules/two-factor/repository';
import { newTotpSecret, totpCode, totpStep } from '../../src/modules/two-factor/totp';
import type { WithDb, Who } from './factories';

/** A user's 2FA as a fixture made it: the secret and the backup codes (xxxx-xxxx-xxxx). */
export interface TwoFactorFixture {
  secret: string;
  backupCodes: string[];
}

/** Mark the user's e-mail verified (what 2FA setup requires), as the verification link does. */
export async function markVerified(app: WithDb, who: Who): Promise<void> {
  await app.db.update(users).set({ verified: true }).where(eq(users.id, who.id));
}

/**
 * Turn 2FA on for a user through the repository (rows only, as the factories do): a verified
 * e-mail, a secret confirmed now, and 12 unused backup codes. No time step is spent yet.
 */
export async function withTwoFactor(app: WithDb, who: Who): Promise<TwoFactorFixture> {
  await markVerified(app, who);
  const secret = newTotpSecret();
  const backupCodes = newBackupCodes();
  await setPendingSecret(app.db, who.id, secret);
  await enableTwoFactor(app.db, who.id, secret, backupCodes.map(hashBackupCode));
  return { secret, backupCodes };
}

/**
 * The app code of a secret `offset` time steps from now. A code is accepted once per step, and ±1
 * step of drift is allowed: the first sensitive call of a test can use offset 0, a second one +1.
 */
export const appCode = (secret: string, offset = 0): string => totpCode(secret, totpStep(Date.now()) + offset);

/** The step-up fields of a sensitive call's body with an app code (or, with `backup`, a backup code). */
export const stepUpWith = (code: string, type: 'app' | 'backup' = 'app') => ({ twoFactorCode: code, twoFactorType: type });
