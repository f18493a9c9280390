import { loginRequestSchema } from '@rally/shared/api/auth';
import { requestForm } from '../../lib/form/request-form';

export interface LoginValues {
  email: string;
  password: string;
  /** The solved captcha, once the server asked for one (captcha_required). */
  captchaToken: string | null;
}

export const EMPTY_LOGIN_VALUES: LoginValues = { email: '', password: '', captchaToken: null };

/** Fields of the login form that show their own error text. */
export const LOGIN_FIELDS = ['email', 'password', 'captchaToken'] as const;

/** The login form checked as the login request; the captcha counts only once the server asked for it. */
export function loginFormSchema(captchaNeeded: boolean) {
  return requestForm(
    loginRequestSchema,
    (v: LoginValues) => ({ email: v.email, password: v.password, captchaToken: captchaNeeded ? v.captchaToken : undefined }),
    (v) => (captchaNeeded && !v.captchaToken ? [['captchaToken', 'captcha_required']] : []),
  );
}
