import { resetPasswordSchema } from '@rally/shared/api/password-reset';
import { requestForm } from '../../lib/form/request-form';

export interface ResetPasswordValues {
  password: string;
  confirm: string;
}

export const EMPTY_RESET_PASSWORD_VALUES: ResetPasswordValues = { password: '', confirm: '' };

/** Fields of the reset form that show their own error text. */
export const RESET_PASSWORD_FIELDS = ['password', 'confirm'] as const;

/**
 * The reset form checked as the reset request (the password rules of registration, spec 000 §5),
 * plus the confirmation, which must equal the new password ('Passwords do not match').
 */
export function resetPasswordFormSchema(token: string) {
  return requestForm(
    resetPasswordSchema,
    (v: ResetPasswordValues) => ({ token, password: v.password }),
    (v) => (v.confirm !== v.password ? [['confirm', 'password_mismatch']] : []),
  );
}
