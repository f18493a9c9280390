import { z } from 'zod';
import { LIMITS } from '../limits';
import { EMAIL_PATTERN, USERNAME_PATTERN, emailAddressText, passwordSchema, stepUpFields } from './auth';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { text } from './text';

/**
 * The account part of the settings (spec 000 §2 Account settings, §4 Email and Account deletion, §5
 * Username, Slug, Email change, Password change, Email verify; §7 the calls). Sensitive calls
 * (slug, view e-mail, e-mail change, deletion) take the password and the step-up fields.
 */

/** Profile username (000 §5): after trimming 1 to 16 characters of USERNAME_PATTERN; any refusal is 'Cannot use this username.'. */
export const profileUsernameSchema = text({ max: LIMITS.username.max * 4, error: 'username_invalid', invalidCharacters: 'username_invalid' })
  .trim()
  .refine((v) => v.length >= LIMITS.username.min && [...v].length <= LIMITS.username.max && USERNAME_PATTERN.test(v), 'username_invalid');

/** The slug (000 §5): 3 to 20 letters, digits and hyphens; trimmed. */
export const SLUG_PATTERN = /^[\p{L}\p{N}-]+$/u;
export const slugSchema = text({ max: LIMITS.slug.max * 4, error: 'slug_error_length' })
  .trim()
  .refine((v) => [...v].length >= LIMITS.slug.min && [...v].length <= LIMITS.slug.max, { message: 'slug_error_length', abort: true })
  .refine((v) => SLUG_PATTERN.test(v), 'slug_error_format');

/** The current password of a sensitive call: at least 6 characters (000 §5), as every password is. */
export const currentPasswordSchema = passwordSchema;

/**
 * E-mail of the change form (000 §5): {local}@{domain}.{2 to 4 letters}, 'Please enter a valid email
 * address'. Linear like EMAIL_PATTERN: the labels cannot contain dots.
 */
export const CHANGE_EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[a-z]{2,4}$/i;
export const changeEmailAddressSchema = emailAddressText().regex(EMAIL_PATTERN, 'email_invalid').regex(CHANGE_EMAIL_PATTERN, 'email_invalid');

export const changeUsernameSchema = z.object({ username: profileUsernameSchema });
export type ChangeUsername = z.input<typeof changeUsernameSchema>;

export const changeSlugSchema = z.object({ slug: slugSchema, password: currentPasswordSchema, ...stepUpFields });
export type ChangeSlug = z.input<typeof changeSlugSchema>;

/** View e-mail and delete account (000 §5): the password must not be empty. */
const enteredPasswordSchema = text({ max: LIMITS.password.max, error: 'password_required', tooLong: 'password_too_long' }).min(1, 'password_required');

export const viewEmailSchema = z.object({ password: enteredPasswordSchema, ...stepUpFields });
export type ViewEmail = z.input<typeof viewEmailSchema>;

export const changeEmailSchema = z.object({ email: changeEmailAddressSchema, password: currentPasswordSchema, ...stepUpFields });
export type ChangeEmail = z.input<typeof changeEmailSchema>;

/** Password change (000 §5): old and new at least 6 characters; the new one differs from the old. */
export const changePasswordSchema = z
  .object({ oldPassword: passwordSchema, newPassword: passwordSchema })
  .refine((v) => v.oldPassword !== v.newPassword, { message: 'password_same', path: ['newPassword'] });
export type ChangePassword = z.input<typeof changePasswordSchema>;

export const deleteAccountSchema = z.object({ password: enteredPasswordSchema, ...stepUpFields });
export type DeleteAccount = z.input<typeof deleteAccountSchema>;

/** A verification link's key as mailed (/emailVerify?key&date&email): 43 base64url characters, bounded generously. */
export const verifyEmailSchema = z.object({
  key: text({ max: 128, error: 'email_verify_invalid' }).min(1, 'email_verify_invalid'),
  email: text({ max: LIMITS.email.max, error: 'email_verify_invalid' }).min(1, 'email_verify_invalid'),
});
export type VerifyEmail = z.input<typeof verifyEmailSchema>;

const success = z.literal(true);

// ---- endpoints ----

export const changeUsernameEndpoint = defineEndpoint({
  ...ROUTES.changeUsername,
  userRateLimit: 'circle',
  summary: "Change the caller's username (400 username_invalid); their circle gets USER_PROFILE_UPDATED",
  body: changeUsernameSchema,
  response: z.object({ success, username: z.string() }),
  bodyLimit: BODY_LIMIT.SMALL,
});

export const changeSlugEndpoint = defineEndpoint({
  ...ROUTES.changeSlug,
  summary: "Change the caller's slug with their password (field errors slug: slug_taken 409, password: password_incorrect)",
  body: changeSlugSchema,
  response: z.object({ success, slug: z.string() }),
  bodyLimit: BODY_LIMIT.AUTH,
});

export const viewEmailEndpoint = defineEndpoint({
  ...ROUTES.viewEmail,
  summary: "The caller's e-mail address, unmasked, for their password",
  body: viewEmailSchema,
  response: z.object({ success, email: z.string() }),
  bodyLimit: BODY_LIMIT.AUTH,
});

export const changeEmailEndpoint = defineEndpoint({
  ...ROUTES.changeEmail,
  summary:
    "Change the caller's e-mail with their password; when verification is required the account becomes unverified and the new address gets a link. Their sessions get EMAIL_CHANGED; the old address a notice",
  body: changeEmailSchema,
  response: z.object({ success, email: z.string(), verified: z.boolean() }),
  bodyLimit: BODY_LIMIT.AUTH,
});

export const changePasswordEndpoint = defineEndpoint({
  ...ROUTES.changePassword,
  summary: "Change the caller's password (field errors password: password_incorrect); ends their other sessions",
  body: changePasswordSchema,
  response: z.object({ success }),
  bodyLimit: BODY_LIMIT.AUTH,
});

export const accountDeletionEndpoint = defineEndpoint({
  ...ROUTES.accountDeletion,
  summary: 'Whether the caller may delete their account (not while they own a team)',
  response: z.object({ success, canDelete: z.boolean() }),
});

export const deleteAccountEndpoint = defineEndpoint({
  ...ROUTES.deleteAccount,
  summary:
    "Delete the caller's account with their password (403 account_owns_team while they own a team): personal data goes, messages stay under a deleted user; every session ends",
  body: deleteAccountSchema,
  response: z.object({ success }),
  bodyLimit: BODY_LIMIT.AUTH,
});

export const requestEmailVerificationEndpoint = defineEndpoint({
  ...ROUTES.requestEmailVerification,
  summary: "Mail a verification link to the caller's e-mail (409 email_already_verified; 429 when asked too often)",
  response: z.object({ success }),
});

export const verifyEmailEndpoint = defineEndpoint({
  ...ROUTES.verifyEmail,
  summary: 'Verify an e-mail address with the key of a mailed link (signed in or not; 400 email_verify_invalid); its sessions get EMAIL_CHANGED',
  auth: 'public',
  body: verifyEmailSchema,
  response: z.object({ success, message: z.string() }),
  bodyLimit: BODY_LIMIT.SMALL,
});
