import { z } from 'zod';
import { BACKUP_CODE_PATTERN, normalizeBackupCode, twoFactorCodeSchema, twoFactorVerifyRequestSchema } from '@rally/shared/api/two-factor';
import type { SecondFactor } from '../../lib/step-up';
import { requestForm } from '../../lib/form/request-form';

export type SecondFactorType = SecondFactor['twoFactorType'];

export interface StepUpValues {
  twoFactorCode: string;
}

export const EMPTY_STEP_UP_VALUES: StepUpValues = { twoFactorCode: '' };
export const STEP_UP_FIELDS = ['twoFactorCode'] as const;

/** A backup code as typed (xxxx-xxxx-xxxx, dashes, spaces and case ignored): 12 letters or digits. */
const backupCodeSchema = z
  .string()
  .transform(normalizeBackupCode)
  .refine((code) => BACKUP_CODE_PATTERN.test(code), 'two_factor_invalid_backup_code');

/** The 2FA code dialog's form: a 6-digit app code, or a backup code; it submits the second factor. */
export function stepUpFormSchema(type: SecondFactorType): z.ZodType<SecondFactor, StepUpValues> {
  return z
    .object({ twoFactorCode: type === 'app' ? twoFactorCodeSchema : backupCodeSchema })
    .transform(({ twoFactorCode }) => ({ twoFactorCode, twoFactorType: type }));
}

export interface VerifyValues {
  code: string;
}

/** The setup dialog's code: the verify request as it is (exactly 6 digits). */
export const verifyFormSchema = requestForm(twoFactorVerifyRequestSchema, (v: VerifyValues) => ({ code: v.code }));

/** The text of the backup codes file (000 §9: 2fa-backup-codes.txt), one code a line. */
export function backupCodesFile(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}
