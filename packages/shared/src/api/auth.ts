import { z } from 'zod';
import { LIMITS } from '../limits';

/** Letters, digits, underscore, space, hyphen and emoji (with joiners, variation selectors and skin tones). */
export const USERNAME_PATTERN = /^[\p{L}\p{N}_ \-\p{Extended_Pictographic}\p{Emoji_Modifier}\u200d\ufe0f]+$/u;
/** Basic email pattern of the registration form. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z.string().trim().max(LIMITS.email.max, 'email_invalid').regex(EMAIL_PATTERN, 'email_invalid');
export const passwordSchema = z.string().min(LIMITS.password.min, 'password_length').max(LIMITS.password.max, 'password_too_long');

export const registerUsernameSchema = z
  .string()
  .min(1, 'username_required')
  .refine((v) => v.trim().length > 0, 'username_required')
  .refine((v) => v === v.trim(), 'username_space')
  .refine((v) => [...v].length <= LIMITS.username.registerMax, 'username_length')
  .refine((v) => USERNAME_PATTERN.test(v), 'username_format');

export const birthdateSchema = z
  .object({
    day: z.number().int().min(1, 'birthdate_invalid').max(31, 'birthdate_invalid'),
    month: z.number().int().min(1, 'birthdate_invalid').max(12, 'birthdate_invalid'),
    year: z.number().int(),
  })
  .superRefine((b, ctx) => {
    const thisYear = new Date().getUTCFullYear();
    const date = new Date(Date.UTC(b.year, b.month - 1, b.day));
    const exists = date.getUTCFullYear() === b.year && date.getUTCMonth() === b.month - 1 && date.getUTCDate() === b.day;
    if (b.year < thisYear - LIMITS.birthdateYears || b.year > thisYear || !exists || date.getTime() > Date.now()) {
      ctx.addIssue({ code: 'custom', message: 'birthdate_invalid' });
      return;
    }
    if (ageOn(b, new Date()) < LIMITS.minimumAge) ctx.addIssue({ code: 'custom', message: 'birthdate_too_young' });
  });
export type Birthdate = z.infer<typeof birthdateSchema>;

export function ageOn(b: { day: number; month: number; year: number }, today: Date): number {
  let age = today.getUTCFullYear() - b.year;
  const m = today.getUTCMonth() + 1;
  if (m < b.month || (m === b.month && today.getUTCDate() < b.day)) age -= 1;
  return age;
}

export const registerRequestSchema = z.object({
  username: registerUsernameSchema,
  email: emailSchema,
  password: passwordSchema,
  captchaToken: z.string().min(1, 'captcha_required').max(4096, 'captcha_invalid'),
  friendCode: z.string().trim().max(LIMITS.friendCode.max, 'friend_code_invalid').optional().nullable(),
  birthdate: birthdateSchema,
  /** Explicit consent; required when the visitor's location is TR. */
  consent: z.boolean().optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'password_length').max(LIMITS.password.max, 'password_too_long'),
  captchaToken: z.string().max(4096).optional().nullable(),
  twoFactorCode: z.string().max(32).optional().nullable(),
  twoFactorType: z.enum(['app', 'backup']).optional().nullable(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** GET /api/v1/captcha: an ALTCHA challenge, as the widget expects it. */
export const captchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});
