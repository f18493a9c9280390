import { describe, expect, it } from 'vitest';
import { checkRegister, EMPTY_REGISTER_VALUES, type RegisterValues } from './register-form';
import { issuesToFieldErrors, normalizeServerFieldErrors, partitionFieldErrors } from './validation';

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

describe('issuesToFieldErrors', () => {
  it('keeps the first issue of each top-level field', () => {
    expect(
      issuesToFieldErrors([
        { path: ['username'], message: 'username_space' },
        { path: ['username'], message: 'username_length' },
        { path: ['birthdate', 'day'], message: 'birthdate_invalid' },
        { path: [], message: 'invalid_request' },
      ]),
    ).toEqual({ username: 'username_space', birthdate: 'birthdate_invalid', _form: 'invalid_request' });
  });
});

describe('server field errors', () => {
  it('are keyed by top-level field and split into known fields and the rest', () => {
    const normalized = normalizeServerFieldErrors({ 'birthdate.year': 'Bad date', email: 'Taken', weird: 'Other' });
    expect(normalized).toEqual({ birthdate: 'Bad date', email: 'Taken', weird: 'Other' });
    expect(partitionFieldErrors(normalized, ['email', 'birthdate'])).toEqual({ fields: { birthdate: 'Bad date', email: 'Taken' }, other: ['Other'] });
  });
});

describe('checkRegister', () => {
  it('passes a complete form and builds the request body', () => {
    const { errors, request } = checkRegister(valid, false);
    expect(errors).toEqual({});
    expect(request).toMatchObject({ username: 'ada_lovelace', email: 'ada@example.com', birthdate: { day: 10, month: 12, year: year - 20 }, friendCode: null });
  });

  it('maps schema issues to errors-namespace keys', () => {
    const { errors, request } = checkRegister({ ...valid, username: ' ada', email: 'nope', password: '123' }, false);
    expect(request).toBeNull();
    expect(errors).toMatchObject({ username: 'errors:username_space', email: 'errors:email_invalid', password: 'errors:password_length' });
  });

  it('needs a birthdate, an age of 13, the terms and the captcha', () => {
    expect(checkRegister({ ...valid, day: null }, false).errors.birthdate).toBe('errors:birthdate_invalid');
    expect(checkRegister({ ...valid, year: year - 5 }, false).errors.birthdate).toBe('errors:birthdate_too_young');
    expect(checkRegister({ ...valid, day: 31, month: 2 }, false).errors.birthdate).toBe('errors:birthdate_invalid');
    expect(checkRegister({ ...valid, terms: false }, false).errors.terms).toBe('auth:register.termsRequired');
    expect(checkRegister({ ...valid, captchaToken: null }, false).errors.captchaToken).toBe('errors:captcha_required');
  });

  it('rejects usernames of 16 characters or more', () => {
    expect(checkRegister({ ...valid, username: 'a'.repeat(15) }, false).request).not.toBeNull();
    expect(checkRegister({ ...valid, username: 'a'.repeat(16) }, false).errors.username).toBe('errors:username_length');
  });

  it('requires explicit consent only when asked to', () => {
    expect(checkRegister(valid, false).request).not.toBeNull();
    expect(checkRegister(valid, true).errors.consent).toBe('errors:consent_required');
    expect(checkRegister({ ...valid, consent: true }, true).request).toMatchObject({ consent: true });
  });

  it('sends a trimmed friend code, or null when empty', () => {
    expect(checkRegister({ ...valid, friendCode: '  ABC123 ' }, false).request?.friendCode).toBe('ABC123');
    expect(checkRegister({ ...valid, friendCode: '   ' }, false).request?.friendCode).toBeNull();
  });
});
