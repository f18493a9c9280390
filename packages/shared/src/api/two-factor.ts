import { z } from 'zod';
import { LIMITS } from '../limits';
import { stepUpFields } from './auth';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { text } from './text';

/** A code of the authenticator app: exactly 6 digits (000 §5, 2fa.code_required). */
export const twoFactorCodeSchema = text({ max: 32, error: 'two_factor_code_required' })
  .trim()
  .regex(new RegExp(`^\\d{${LIMITS.twoFactor.codeLength}}$`), 'two_factor_code_required');

/** A backup code as typed: 12 letters or digits, dashes and spaces ignored (xxxx-xxxx-xxxx). */
export const BACKUP_CODE_PATTERN = new RegExp(`^[a-z0-9]{${LIMITS.twoFactor.backupCodeLength}}$`);
export const normalizeBackupCode = (code: string): string => code.replace(/[\s-]/g, '').toLowerCase();

/** What setup answers while 2FA is already on (the web dialog closes on it, 000 §7). */
export const TWO_FACTOR_ALREADY_SETUP = '2FA already setup';

/**
 * POST /api/v1/me/2fa/setup: a new pending secret, as a QR code (a data: URL PNG of the otpauth://
 * URI) and as text to type in; `data` is null with message '2FA already setup' when 2FA is on.
 */
export const twoFactorSetupResponseSchema = z.object({
  success: z.literal(true),
  message: z.enum(['2FA setup started', TWO_FACTOR_ALREADY_SETUP]),
  data: z.object({ qr: z.string(), secret: z.string() }).nullable(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorVerifyRequestSchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorVerifyRequest = z.infer<typeof twoFactorVerifyRequestSchema>;

/** The backup codes, shown once (xxxx-xxxx-xxxx); each works once instead of an app code. */
export const twoFactorVerifyResponseSchema = z.object({ success: z.literal(true), data: z.object({ backupCodes: z.array(z.string()) }) });
export type TwoFactorVerifyResponse = z.infer<typeof twoFactorVerifyResponseSchema>;

/** Turning 2FA off is itself a sensitive call: the second factor comes in the step-up fields. */
export const twoFactorDisableRequestSchema = z.object(stepUpFields);
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

export const twoFactorDisableResponseSchema = z.object({ success: z.literal(true) });

export const twoFactorSetupEndpoint = defineEndpoint({
  ...ROUTES.twoFactorSetup,
  summary: 'Start two-factor setup: a new pending secret as a QR code and text (403 verify_your_email while the e-mail is unverified)',
  response: twoFactorSetupResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const twoFactorVerifyEndpoint = defineEndpoint({
  ...ROUTES.twoFactorVerify,
  summary: 'Turn two-factor sign-in on with a code of the pending secret; answers the 12 single-use backup codes',
  body: twoFactorVerifyRequestSchema,
  response: twoFactorVerifyResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const twoFactorDisableEndpoint = defineEndpoint({
  ...ROUTES.twoFactorDisable,
  summary: 'Turn two-factor sign-in off (needs the second factor: 401 two_factor_required without it)',
  body: twoFactorDisableRequestSchema,
  response: twoFactorDisableResponseSchema,
  bodyLimit: BODY_LIMIT.AUTH,
});
