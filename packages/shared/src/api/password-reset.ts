import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { text } from './text';

/** A reset token as mailed in the link /resetpassword/{token} (43 base64url characters; bounded generously). */
export const resetTokenSchema = text({ max: 128, error: 'reset_token_invalid' }).min(1, 'reset_token_invalid');

export const requestPasswordResetSchema = z.object({ email: emailSchema });
export type RequestPasswordReset = z.infer<typeof requestPasswordResetSchema>;

export const findPasswordResetSchema = z.object({ token: resetTokenSchema });
export type FindPasswordReset = z.infer<typeof findPasswordResetSchema>;

/** The new password follows the registration rules (spec 000 §5: at least 6 characters). */
export const resetPasswordSchema = z.object({ token: resetTokenSchema, password: passwordSchema });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const passwordResetResponseSchema = z.object({ success: z.literal(true) });

export const requestPasswordResetEndpoint = defineEndpoint({
  ...ROUTES.requestPasswordReset,
  summary: 'Mail a password reset link to the account of an e-mail (answers the same whether or not one exists)',
  auth: 'public',
  body: requestPasswordResetSchema,
  response: passwordResetResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
  rateLimit: 'passwordReset',
});

export const findPasswordResetEndpoint = defineEndpoint({
  ...ROUTES.findPasswordReset,
  summary: 'Check a password reset token (404 reset_token_invalid when unknown, used or expired)',
  auth: 'public',
  body: findPasswordResetSchema,
  response: passwordResetResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const resetPasswordEndpoint = defineEndpoint({
  ...ROUTES.resetPassword,
  summary: "Set a new password with a reset token; spends the token and signs out all of the user's sessions",
  auth: 'public',
  body: resetPasswordSchema,
  response: passwordResetResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});
