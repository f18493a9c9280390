import { BACKUP_CODE_PATTERN, normalizeBackupCode } from '@rally/shared/api/two-factor';
import type { StepUp } from '@rally/shared/api/auth';
import type { Executor } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import { hashBackupCode } from '../two-factor/backup-codes';
import { acceptStep, spendBackupCode } from '../two-factor/repository';
import { matchTotp } from '../two-factor/totp';
import { countAttempt } from './throttle';

/** Codes tried per user: after this many failures in the window, 429 with Retry-After until it ends. */
export const TWO_FACTOR_ATTEMPTS = { count: 5, windowMs: 15 * 60_000 };

/** The user fields the check reads (a users row has them). */
export interface SecondFactorUser {
  id: string;
  twoFactorSecret: string | null;
  twoFactorEnabledAt: Date | null;
  twoFactorLastStep: number | null;
}

const attemptsKey = (userId: string) => `two-factor-fail:user:${userId}`;
const invalidCode = () => badRequest('two_factor_invalid_code', { twoFactorCode: 'two_factor_invalid_code' });
const invalidBackupCode = () => badRequest('two_factor_invalid_backup_code', { twoFactorCode: 'two_factor_invalid_backup_code' });

/**
 * The second factor of a sensitive call (spec 000 §7 "two-factor retry"). EVERY sensitive call uses
 * this one function, with the step-up fields of its body (`stepUpFields` of
 * packages/shared/src/api/auth.ts): login, turning 2FA off, e-mail change, account deletion, slug
 * change and viewing the e-mail. Call it after the call's own checks of the password (so that a
 * wrong password does not spend a code) and before any change, inside the call's transaction when it
 * has one (a spent backup code then comes back if the call fails later).
 *
 * - 2FA off (no `twoFactorEnabledAt`): nothing to check.
 * - No `twoFactorCode`: 401 `two_factor_required` (message '2FA'), on which the web client asks for
 *   a code and sends the same call again with it.
 * - `twoFactorType` 'app' (or absent): a TOTP code of the secret, within ±1 step, and newer than the
 *   last accepted step (a code is good once; the step is recorded with a conditional update).
 * - 'backup': an unused backup code (dashes and case ignored), spent here.
 * - Wrong: 400 `two_factor_invalid_code` / `two_factor_invalid_backup_code` on `twoFactorCode`.
 * Tries are counted per user (`TWO_FACTOR_ATTEMPTS`, the RateLimiter, shared between processes with
 * Redis): past the limit, 429 with Retry-After, the code not even checked. A right code clears the count.
 */
export async function requireSecondFactor(deps: { rateLimiter: RateLimiter }, db: Executor, user: SecondFactorUser, stepUp: StepUp): Promise<void> {
  if (!user.twoFactorEnabledAt || !user.twoFactorSecret) return;
  const code = stepUp.twoFactorCode?.trim();
  if (!code) throw new AppError(401, 'two_factor_required');
  const key = attemptsKey(user.id);
  await countAttempt(deps.rateLimiter, key, TWO_FACTOR_ATTEMPTS);
  if (stepUp.twoFactorType === 'backup') {
    const normalized = normalizeBackupCode(code);
    if (!BACKUP_CODE_PATTERN.test(normalized) || !(await spendBackupCode(db, user.id, hashBackupCode(normalized)))) throw invalidBackupCode();
  } else {
    const step = matchTotp(user.twoFactorSecret, code, user.twoFactorLastStep);
    if (step === null || !(await acceptStep(db, user.id, step))) throw invalidCode();
  }
  await deps.rateLimiter.reset(key);
}
