import { registerRequestSchema, type RegisterRequest } from '@rally/shared/api/auth';
import { issuesToFieldErrors, type FieldErrors } from './validation';

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  day: number | null;
  month: number | null;
  year: number | null;
  friendCode: string;
  terms: boolean;
  consent: boolean;
  captchaToken: string | null;
}

export const EMPTY_REGISTER_VALUES: RegisterValues = {
  username: '',
  email: '',
  password: '',
  day: null,
  month: null,
  year: null,
  friendCode: '',
  terms: false,
  consent: false,
  captchaToken: null,
};

/** Fields of the form that show their own error text. */
export const REGISTER_FIELDS = ['username', 'email', 'password', 'birthdate', 'friendCode', 'terms', 'consent', 'captchaToken'] as const;

export interface RegisterCheck {
  /** Field → i18n key of the message (`errors:<code>` or `auth:…`). Empty when every check passes. */
  errors: FieldErrors;
  /** The request body when every check passes. */
  request: RegisterRequest | null;
}

/**
 * Every client-side check of the registration form, with the shared zod schema (the same the server
 * uses), the terms box, and the explicit-consent box when it is required (location TR).
 */
export function checkRegister(values: RegisterValues, consentRequired: boolean): RegisterCheck {
  const friendCode = values.friendCode.trim();
  const parsed = registerRequestSchema.safeParse({
    username: values.username,
    email: values.email,
    password: values.password,
    captchaToken: values.captchaToken ?? '',
    friendCode: friendCode ? friendCode : null,
    birthdate: { day: values.day ?? 0, month: values.month ?? 0, year: values.year ?? 0 },
    consent: values.consent,
  });
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const [field, code] of Object.entries(issuesToFieldErrors(parsed.error.issues))) errors[field] = `errors:${code}`;
  }
  if (!values.terms) errors.terms = 'auth:register.termsRequired';
  if (consentRequired && !values.consent) errors.consent = 'errors:consent_required';
  const ok = parsed.success && Object.keys(errors).length === 0;
  return { errors, request: ok ? parsed.data : null };
}
