import { registerRequestSchemaFor } from '@rally/shared/api/auth';
import { requestForm } from '../../lib/form/request-form';

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

/** Day, month and year show their error under the birthdate. */
export const REGISTER_ERROR_FIELDS = { day: 'birthdate', month: 'birthdate', year: 'birthdate' } as const;

/**
 * Every client-side check of the registration form: the shared request schema (the one the server
 * uses, with the explicit-consent rule when it is required: location TR), and the terms box.
 */
export function registerFormSchema(consentRequired: boolean) {
  return requestForm(
    registerRequestSchemaFor(consentRequired ? 'TR' : 'other'),
    (v: RegisterValues) => {
      const friendCode = v.friendCode.trim();
      return {
        username: v.username,
        email: v.email,
        password: v.password,
        captchaToken: v.captchaToken ?? '',
        friendCode: friendCode ? friendCode : null,
        birthdate: { day: v.day ?? 0, month: v.month ?? 0, year: v.year ?? 0 },
        consent: v.consent,
      };
    },
    (v) => (v.terms ? [] : [['terms', 'auth:register.termsRequired']]),
  );
}
