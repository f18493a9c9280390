import QRCode from 'qrcode';
import { TWO_FACTOR_ALREADY_SETUP, type TwoFactorSetupResponse } from '@rally/shared/api/two-factor';
import type { StepUp } from '@rally/shared/api/auth';
import type { Database } from '../../db/client';
import { emailVerificationRequired, type Config } from '../../env';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import { requireSecondFactor } from '../auth/step-up';
import type { SignedInUser } from '../users/repository';
import { hashBackupCode, newBackupCodes } from './backup-codes';
import { acceptStep, disableTwoFactor, enableTwoFactor, setPendingSecret } from './repository';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';

/** The database (the calls write in their own transactions) and the limiter of code tries. */
export interface TwoFactorDeps {
  db: Database;
  rateLimiter: RateLimiter;
  /** Whether addresses must be verified (EMAIL_VERIFICATION, SMTP_URL). */
  config: Config;
}

const isEnabled = (user: Pick<SignedInUser, 'twoFactorEnabledAt' | 'twoFactorSecret'>) => user.twoFactorEnabledAt !== null && user.twoFactorSecret !== null;

/**
 * Start setting 2FA up (000 §4, §7): a new pending secret replaces any earlier pending one (2FA stays
 * off until verify), answered as the QR code of its otpauth:// URI (Rally:<email>) and as text. Where
 * addresses must be verified, an unverified one cannot enable 2FA (000 §6: 403 verify_your_email); while 2FA is on, nothing
 * changes and the answer says '2FA already setup'.
 */
export async function setupTwoFactor(deps: TwoFactorDeps, user: SignedInUser): Promise<TwoFactorSetupResponse> {
  if (isEnabled(user)) return { success: true, message: TWO_FACTOR_ALREADY_SETUP, data: null };
  if (emailVerificationRequired(deps.config) && !user.verified) throw forbidden('verify_your_email');
  const secret = newTotpSecret();
  await setPendingSecret(deps.db, user.id, secret);
  const qr = await QRCode.toDataURL(otpauthUri(secret, user.email), { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { success: true, message: '2FA setup started', data: { qr, secret } };
}

/**
 * Confirm the pending secret with a code of it: 2FA is on from now, the code's step is spent (it
 * cannot sign in afterwards), and 12 new backup codes replace any old ones — stored as SHA-256,
 * answered once, in one transaction. A wrong code: 400 two_factor_invalid_code, nothing changed.
 */
export async function verifyTwoFactor(deps: TwoFactorDeps, user: SignedInUser, code: string): Promise<string[]> {
  if (isEnabled(user)) throw conflict('two_factor_already_enabled');
  if (!user.twoFactorSecret) throw badRequest('two_factor_not_pending');
  const step = matchTotp(user.twoFactorSecret, code, user.twoFactorLastStep);
  const invalid = () => badRequest('two_factor_invalid_code', { code: 'two_factor_invalid_code' });
  if (step === null) throw invalid();
  const secret = user.twoFactorSecret;
  const backupCodes = newBackupCodes();
  await deps.db.transaction(async (tx) => {
    // Both conditions in the statements: a concurrent setup (new secret) or verify makes this one fail.
    if (!(await acceptStep(tx, user.id, step))) throw invalid();
    const enabled = await enableTwoFactor(tx, user.id, secret, backupCodes.map(hashBackupCode));
    if (!enabled) throw conflict('two_factor_already_enabled');
  });
  return backupCodes;
}

/** Turn 2FA off: a sensitive call, so the second factor is checked first (requireSecondFactor). */
export async function turnOffTwoFactor(deps: TwoFactorDeps, user: SignedInUser, stepUp: StepUp): Promise<void> {
  if (!isEnabled(user)) throw badRequest('two_factor_not_enabled');
  await deps.db.transaction(async (tx) => {
    await requireSecondFactor(deps, tx, user, stepUp);
    await disableTwoFactor(tx, user.id);
  });
}
