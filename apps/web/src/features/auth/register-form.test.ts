import { describe, expect, it } from 'vitest';
import { checkValues } from '../../lib/form/state';
import { EMPTY_LOGIN_VALUES, loginFormSchema } from './login-form';
import { EMPTY_REGISTER_VALUES, registerFormSchema, type RegisterValues } from './register-form';

const year = new Date().getUTCFullYear();
const valid: RegisterValues = {
  ...EMPTY_REGISTER_VALUES,
  username: 'ada_lovelace',
  email: 'ada@example.com',
  password: 'secret123',
  day: 10,
  month: 12,
  year: year - 20,
  terms: true,
  captchaToken: 'payload',
};
const checkRegister = (values: RegisterValues, consentRequired: boolean) => checkValues(registerFormSchema(consentRequired), values);

describe('the registration form schema', () => {
  it('passes a complete form and builds the request body', () => {
    const { errors, data } = checkRegister(valid, false);
    expect(errors).toEqual({});
    expect(data).toMatchObject({ username: 'ada_lovelace', email: 'ada@example.com', birthdate: { day: 10, month: 12, year: year - 20 }, friendCode: null });
  });

  it('maps schema issues to errors-namespace keys', () => {
    const { errors, data } = checkRegister({ ...valid, username: ' ada', email: 'nope', password: '123' }, false);
    expect(data).toBeNull();
    expect(errors).toMatchObject({ username: 'errors:username_space', email: 'errors:email_invalid', password: 'errors:password_length' });
  });

  it('shows the invisible-characters message for an address holding U+200B', () => {
    expect(checkRegister({ ...valid, email: 'bob\u200b@example.com' }, false)).toEqual({ data: null, errors: { email: 'errors:email_invalid_characters' } });
  });

  it('needs a birthdate, an age of 13, the terms and the captcha', () => {
    expect(checkRegister({ ...valid, day: null }, false).errors.birthdate).toBe('errors:birthdate_invalid');
    expect(checkRegister({ ...valid, year: year - 5 }, false).errors.birthdate).toBe('errors:birthdate_too_young');
    expect(checkRegister({ ...valid, day: 31, month: 2 }, false).errors.birthdate).toBe('errors:birthdate_invalid');
    expect(checkRegister({ ...valid, terms: false }, false).errors).toEqual({ terms: 'auth:register.termsRequired' });
    expect(checkRegister({ ...valid, captchaToken: null }, false).errors.captchaToken).toBe('errors:captcha_required');
  });

  it('shows every failing field at once (the terms box does not hide the others)', () => {
    expect(Object.keys(checkRegister(EMPTY_REGISTER_VALUES, true).errors).sort()).toEqual([
      'birthdate',
      'captchaToken',
      'consent',
      'email',
      'password',
      'terms',
      'username',
    ]);
  });

  it('rejects usernames of 16 characters or more', () => {
    expect(checkRegister({ ...valid, username: 'a'.repeat(15) }, false).data).not.toBeNull();
    expect(checkRegister({ ...valid, username: 'a'.repeat(16) }, false).errors.username).toBe('errors:username_length');
  });

  it('requires explicit consent only when asked to', () => {
    expect(checkRegister(valid, false).data).not.toBeNull();
    expect(checkRegister(valid, true).errors.consent).toBe('errors:consent_required');
    expect(checkRegister({ ...valid, consent: true }, true).data).toMatchObject({ consent: true });
  });

  it('sends a trimmed friend code, or null when empty', () => {
    expect(checkRegister({ ...valid, friendCode: '  ABC123 ' }, false).data?.friendCode).toBe('ABC123');
    expect(checkRegister({ ...valid, friendCode: '   ' }, false).data?.friendCode).toBeNull();
  });
});

describe('the login form schema', () => {
  const filled = { ...EMPTY_LOGIN_VALUES, email: 'ada@example.com', password: 'x' };

  it('sends email and password, and the captcha only once the server asked for it', () => {
    expect(checkValues(loginFormSchema(false), { ...filled, captchaToken: 'stale' }).data).toMatchObject({
      email: 'ada@example.com',
      password: 'x',
      captchaToken: undefined,
    });
    expect(checkValues(loginFormSchema(true), filled).errors).toEqual({ captchaToken: 'errors:captcha_required' });
    expect(checkValues(loginFormSchema(true), { ...filled, captchaToken: 'payload' }).data?.captchaToken).toBe('payload');
  });

  it('needs an email address and a password', () => {
    expect(checkValues(loginFormSchema(false), EMPTY_LOGIN_VALUES).errors).toEqual({ email: 'errors:email_invalid', password: 'errors:password_length' });
  });
});
