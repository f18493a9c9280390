import { passwordSchema } from '@rally/shared/api/auth';
import { z } from 'zod';

/**
 * The password change form (000 §5): the current password (`password`, the field the server names
 * when it is wrong: errors.password), the new one and its confirmation. Both passwords follow the
 * shared rule (at least 6); the new one differs from the current one; the confirmation equals the
 * new one ('Passwords do not match'). It submits the request's {oldPassword, newPassword}.
 */
export const changePasswordFormSchema = z
  .object({ password: passwordSchema, newPassword: passwordSchema, confirm: z.string() })
  .superRefine((v, ctx) => {
    if (v.newPassword && v.newPassword === v.password) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'password_same' });
    if (v.confirm !== v.newPassword) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'password_mismatch' });
  })
  .transform((v) => ({ oldPassword: v.password, newPassword: v.newPassword }));

export type ChangePasswordValues = z.input<typeof changePasswordFormSchema>;
export const EMPTY_CHANGE_PASSWORD: ChangePasswordValues = { password: '', newPassword: '', confirm: '' };
export const CHANGE_PASSWORD_FIELDS = ['password', 'newPassword', 'confirm'] as const;
