import { z } from 'zod';
import { LIMITS } from '../limits';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { text } from './text';
import { selfUserSchema } from './users';

/** Letters, digits, underscore, space, hyphen and emoji (with joiners, variation selectors and skin tones). */
// eslint-disable-next-line no-misleading-character-class -- a set of single code points on purpose: ZWJ and VS16 may appear anywhere between emoji
export const USERNAME_PATTERN = /^[\p{L}\p{N}_ \-\p{Extended_Pictographic}\p{Emoji_Modifier}\u200d\ufe0f]+$/u;
/**
 * Basic email pattern of the registration form: a local part, @, and a domain of dot-separated
 * labels. Linear: the labels cannot contain dots, so there is one way to split the domain (the
 * earlier `[^\s@]+\.[^\s@]+` could split it at every dot, quadratic on "a@a.a.a.…").
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * Characters that show as nothing or change nothing visible (Unicode format characters: zero-width
 * space, joiners and non-joiner, word joiner, bidirectional marks, soft hyphen, byte order mark…;
 * line and paragraph separators; fillers and variation selectors): in an e-mail address they make a
 * look-alike of another account's.
 */
// eslint-disable-next-line no-misleading-character-class -- a set of single code points on purpose
export const INVISIBLE_CHARACTERS = /[\p{Cf}\p{Zl}\p{Zp}\u034F\u115F\u1160\u180B-\u180F\u3164\uFE00-\uFE0F\uFFA0]/u;

/**
 * An e-mail address as every form and route takes it: bounded, trimmed, in Unicode normal form
 * NFKC (full-width and other compatibility forms become their plain letters), refused with
 * `email_invalid_characters` when it holds an invisible character or a control character.
 */
export function emailAddressText(): z.ZodString {
  // `{ error }` on a type gives a missing or mistyped field its field's message rather than invalid_request.
  // text() checks the length before anything else runs; then the value is trimmed, normalised and checked.
  return text({ max: LIMITS.email.max, error: 'email_invalid', invalidCharacters: 'email_invalid_characters' })
    .trim()
    .overwrite((v) => v.normalize('NFKC'))
    .refine((v) => !INVISIBLE_CHARACTERS.test(v), { message: 'email_invalid_characters', abort: true });
}

export const emailSchema = emailAddressText().regex(EMAIL_PATTERN, 'email_invalid');

export const passwordSchema = text({ max: LIMITS.password.max, error: 'password_length', tooLong: 'password_too_long' }).min(
  LIMITS.password.min,
  'password_length',
);

/** Usernames count characters (an emoji is one), so the input bound is a few code units per character. */
export const registerUsernameSchema = text({
  max: LIMITS.username.max * 4,
  error: 'username_required',
  tooLong: 'username_length',
  invalidCharacters: 'username_format',
})
  .min(1, 'username_required')
  .refine((v) => v.trim().length > 0, 'username_required')
  .refine((v) => v === v.trim(), 'username_space')
  .refine((v) => [...v].length <= LIMITS.username.registerMax, 'username_length')
  .refine((v) => USERNAME_PATTERN.test(v), 'username_format');

/** A birthdate part: a whole number; anything else (missing, text) is birthdate_invalid. */
const birthdatePart = () => z.number({ error: 'birthdate_invalid' }).int('birthdate_invalid');

export const birthdateSchema = z
  .object(
    {
      day: birthdatePart().min(1, 'birthdate_invalid').max(31, 'birthdate_invalid'),
      month: birthdatePart().min(1, 'birthdate_invalid').max(12, 'birthdate_invalid'),
      year: birthdatePart(),
    },
    { error: 'birthdate_invalid' },
  )
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

/** A birthdate as the users table stores it: YYYY-MM-DD. */
export function birthdateText({ day, month, year }: Birthdate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

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
  captchaToken: text({ max: LIMITS.captchaToken.max, error: 'captcha_required', tooLong: 'captcha_invalid' }).min(1, 'captcha_required'),
  friendCode: text({ max: LIMITS.friendCode.max, error: 'friend_code_invalid' }).trim().optional().nullable(),
  birthdate: birthdateSchema,
  /** Explicit consent; required when the visitor's location is TR. */
  consent: z.boolean({ error: 'consent_required' }).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * The registration schema for a visitor's location (GET /api/v1/region): from TR, the explicit
 * consent checkbox must be ticked (consent: true). The server and the form use the same function.
 */
export function registerRequestSchemaFor(location: 'TR' | 'other') {
  return location === 'TR' ? registerRequestSchema.extend({ consent: z.literal(true, { error: 'consent_required' }) }) : registerRequestSchema;
}

/**
 * The second factor of a sensitive call (000 §7 two-factor retry): a call answered with message
 * '2FA' (401 two_factor_required) is sent again with these. `twoFactorType` app: a 6-digit TOTP
 * code; backup: a backup code (xxxx-xxxx-xxxx, dashes optional). Every sensitive body spreads them.
 */
export const stepUpFields = {
  captchaToken: text({ max: LIMITS.captchaToken.max }).optional().nullable(),
  twoFactorCode: text({ max: 32 }).optional().nullable(),
  twoFactorType: z.enum(['app', 'backup']).optional().nullable(),
};
export const stepUpSchema = z.object(stepUpFields);
export type StepUp = z.infer<typeof stepUpSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: text({ max: LIMITS.password.max, error: 'password_length', tooLong: 'password_too_long' }).min(1, 'password_length'),
  ...stepUpFields,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST /api/v1/register (201) and POST /api/v1/login: the new session's user (the cookie is set). */
export const authResponseSchema = z.object({ success: z.literal(true), user: selfUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** POST /api/logout: always succeeds, signed in or not. */
export const logoutResponseSchema = z.object({ success: z.literal(true) });

/**
 * GET /api/v1/captcha: an ALTCHA proof-of-work challenge in the v1 format (altcha-lib/v1), which the
 * altcha@3 widget accepts as its `challenge` URL. The expiry is inside `salt` (`?expires=<unix s>&`).
 * The widget's payload (base64 JSON {algorithm, challenge, number, salt, signature, took}) is sent as
 * `captchaToken`; each solved challenge is accepted once.
 */
export const captchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});

// ---- endpoints ----

export const captchaEndpoint = defineEndpoint({
  ...ROUTES.captcha,
  summary: 'A proof-of-work captcha challenge (ALTCHA v1) for the register and login forms',
  auth: 'public',
  response: captchaChallengeSchema,
});

/** The body is checked against registerRequestSchema; the server adds the TR consent rule (registerRequestSchemaFor). */
export const registerEndpoint = defineEndpoint({
  ...ROUTES.register,
  summary: 'Create an account and sign in (sets the session cookie)',
  auth: 'public',
  body: registerRequestSchema,
  response: authResponseSchema,
  status: 201,
  bodyLimit: BODY_LIMIT.AUTH,
  rateLimit: 'register',
});

export const loginEndpoint = defineEndpoint({
  ...ROUTES.login,
  summary: 'Sign in with e-mail and password (sets the session cookie)',
  auth: 'public',
  body: loginRequestSchema,
  response: authResponseSchema,
  bodyLimit: BODY_LIMIT.AUTH,
  rateLimit: 'login',
});

export const logoutEndpoint = defineEndpoint({
  ...ROUTES.logout,
  summary: 'End the session (signed in or not) and close its gateway connections',
  auth: 'public',
  response: logoutResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});
