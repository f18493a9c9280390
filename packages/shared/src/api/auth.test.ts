import { describe, expect, it } from 'vitest';
import { errorMessages } from '../i18n/errors';
import { ageOn, birthdateSchema, loginRequestSchema, registerRequestSchema, registerRequestSchemaFor } from './auth';

const thisYear = new Date().getUTCFullYear();
const valid = {
  username: 'Ada',
  email: 'ada@example.com',
  password: 'secret',
  captchaToken: 'token',
  birthdate: { day: 14, month: 5, year: 2000 },
};

/** The issue messages (catalogue codes) by first path segment, as the server's parse() maps them. */
function fieldErrors(
  input: unknown,
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } } = registerRequestSchema,
) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error!.issues) {
    const field = String(issue.path[0] ?? '_');
    out[field] ??= issue.message;
  }
  return out;
}

describe('registerRequestSchema', () => {
  it('accepts a valid registration, friend code and consent optional', () => {
    expect(registerRequestSchema.safeParse(valid).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...valid, friendCode: 'ABCD1234', consent: false }).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...valid, friendCode: null }).success).toBe(true);
  });

  it('gives every missing field its own message code', () => {
    expect(fieldErrors({})).toEqual({
      username: 'username_required',
      email: 'email_invalid',
      password: 'password_length',
      captchaToken: 'captcha_required',
      birthdate: 'birthdate_invalid',
    });
  });

  describe('email', () => {
    it.each(['a@b.co', 'first.last+tag@sub.example.com.tr', '  padded@example.com  '])('accepts %j', (email) => {
      expect(fieldErrors({ ...valid, email })).toEqual({});
    });
    it.each(['', 'plain', 'no-at.example.com', 'a@b', 'a@b.', '@example.com', 'a b@example.com', 'a@@example.com', `${'a'.repeat(250)}@example.com`])(
      'refuses %j with the spec message',
      (email) => {
        expect(fieldErrors({ ...valid, email })).toEqual({ email: 'email_invalid' });
      },
    );
    it('trims the email', () => {
      expect(registerRequestSchema.parse({ ...valid, email: ' ada@example.com ' }).email).toBe('ada@example.com');
    });
    it.each([
      'bob\u200b@example.com',
      'bob@exa\u200dmple.com',
      'bo\ufeffb@example.com',
      'bo\u00adb@example.com',
      'bob\u2060@example.com',
      'bob\u200e@example.com',
      'bob\u2028x@example.com',
      'b\u3164ob@example.com',
      'bob\u202e@example.com',
      'bob\u2066@example.com',
      'bob\u0007@example.com',
      'bob\u0085@example.com',
    ])('refuses %j, which holds an invisible or control character', (email) => {
      expect(fieldErrors({ ...valid, email })).toEqual({ email: 'email_invalid_characters' });
      expect(fieldErrors({ email, password: 'x' }, loginRequestSchema)).toEqual({ email: 'email_invalid_characters' });
    });
    it('takes the compatibility forms of letters as the letters (NFKC)', () => {
      expect(registerRequestSchema.parse({ ...valid, email: '\uff41da@example.com' }).email).toBe('ada@example.com');
    });
  });

  describe('password', () => {
    it('needs at least 6 characters', () => {
      expect(fieldErrors({ ...valid, password: '12345' })).toEqual({ password: 'password_length' });
      expect(fieldErrors({ ...valid, password: '' })).toEqual({ password: 'password_length' });
      expect(fieldErrors({ ...valid, password: '123456' })).toEqual({});
    });
    it('is capped at 128', () => {
      expect(fieldErrors({ ...valid, password: 'x'.repeat(129) })).toEqual({ password: 'password_too_long' });
    });
  });

  describe('username', () => {
    it.each([' Ada', 'Ada ', ' Ada '])('cannot start or end with a space: %j', (username) => {
      expect(fieldErrors({ ...valid, username })).toEqual({ username: 'username_space' });
    });
    it('is required, spaces alone are not a name', () => {
      expect(fieldErrors({ ...valid, username: '' })).toEqual({ username: 'username_required' });
      expect(fieldErrors({ ...valid, username: '   ' })).toEqual({ username: 'username_required' });
    });
    it('must be less than 16 characters long', () => {
      expect(fieldErrors({ ...valid, username: 'a'.repeat(15) })).toEqual({});
      expect(fieldErrors({ ...valid, username: 'a'.repeat(16) })).toEqual({ username: 'username_length' });
    });
    it('counts an emoji as one character', () => {
      expect(fieldErrors({ ...valid, username: `${'a'.repeat(14)}🎮` })).toEqual({});
    });
    it.each(['Ada Lovelace', 'ada_l-99', 'Çağrı Şöğüt', 'Ωmega', '🎮 gamer', 'pro👍🏽', '👨‍👩‍👧', 'ok❤️'])(
      'accepts letters, digits, space, _ - and emoji: %j',
      (username) => {
        expect(fieldErrors({ ...valid, username })).toEqual({});
      },
    );
    it.each(['ada!', 'a.b', 'a@b', '<script>', 'tab\there', 'x$'])('refuses other characters: %j', (username) => {
      expect(fieldErrors({ ...valid, username })).toEqual({ username: 'username_format' });
    });
  });

  describe('birthdate', () => {
    const at = (day: number, month: number, year: number) => fieldErrors({ ...valid, birthdate: { day, month, year } });
    it('accepts days 1-31 and months 1-12 of real dates', () => {
      expect(at(1, 1, 2000)).toEqual({});
      expect(at(31, 12, 2000)).toEqual({});
      expect(at(29, 2, 2000)).toEqual({});
    });
    it.each([
      [0, 5, 2000],
      [32, 5, 2000],
      [10, 0, 2000],
      [10, 13, 2000],
      [1.5, 5, 2000],
    ])('refuses day %i, month %i outside their ranges', (day, month, year) => {
      expect(at(day, month, year)).toEqual({ birthdate: 'birthdate_invalid' });
    });
    it.each([
      [31, 2, 2000],
      [30, 2, 2000],
      [29, 2, 2001],
      [31, 4, 2000],
    ])('refuses a day that the month does not have: %i.%i.%i', (day, month, year) => {
      expect(at(day, month, year)).toEqual({ birthdate: 'birthdate_invalid' });
    });
    it('spans the last 124 years', () => {
      expect(at(1, 1, thisYear - 124)).toEqual({});
      expect(at(31, 12, thisYear - 125)).toEqual({ birthdate: 'birthdate_invalid' });
      expect(at(1, 1, 1000)).toEqual({ birthdate: 'birthdate_invalid' });
    });
    it('refuses future dates', () => {
      expect(at(1, 1, thisYear + 1)).toEqual({ birthdate: 'birthdate_invalid' });
    });
    it('refuses someone younger than 13', () => {
      expect(at(1, 1, thisYear - 5)).toEqual({ birthdate: 'birthdate_too_young' });
      const today = new Date();
      const thirteenToday = { day: today.getUTCDate(), month: today.getUTCMonth() + 1, year: today.getUTCFullYear() - 13 };
      expect(birthdateSchema.safeParse(thirteenToday).success).toBe(true);
    });
    it('refuses a missing or textual part', () => {
      expect(fieldErrors({ ...valid, birthdate: { day: 1, month: 1 } })).toEqual({ birthdate: 'birthdate_invalid' });
      expect(fieldErrors({ ...valid, birthdate: { day: '1', month: 1, year: 2000 } })).toEqual({ birthdate: 'birthdate_invalid' });
      expect(fieldErrors({ ...valid, birthdate: '2000-01-01' })).toEqual({ birthdate: 'birthdate_invalid' });
    });
    it('computes age by the birthday, not the year', () => {
      expect(ageOn({ day: 15, month: 6, year: 2000 }, new Date(Date.UTC(2013, 5, 14)))).toBe(12);
      expect(ageOn({ day: 15, month: 6, year: 2000 }, new Date(Date.UTC(2013, 5, 15)))).toBe(13);
    });
  });

  it('length-checks the friend code only', () => {
    expect(fieldErrors({ ...valid, friendCode: 'x'.repeat(64) })).toEqual({});
    expect(fieldErrors({ ...valid, friendCode: 'x'.repeat(65) })).toEqual({ friendCode: 'friend_code_invalid' });
  });

  it('needs a captcha token', () => {
    expect(fieldErrors({ ...valid, captchaToken: '' })).toEqual({ captchaToken: 'captcha_required' });
  });
});

describe('registerRequestSchemaFor', () => {
  it('requires explicit consent from TR', () => {
    const tr = registerRequestSchemaFor('TR');
    expect(fieldErrors(valid, tr)).toEqual({ consent: 'consent_required' });
    expect(fieldErrors({ ...valid, consent: false }, tr)).toEqual({ consent: 'consent_required' });
    expect(fieldErrors({ ...valid, consent: true }, tr)).toEqual({});
  });
  it('does not require it elsewhere', () => {
    expect(fieldErrors(valid, registerRequestSchemaFor('other'))).toEqual({});
  });
});

describe('loginRequestSchema', () => {
  it('needs an email and a password; captcha and 2FA fields are optional', () => {
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: 'x', captchaToken: null, twoFactorCode: '123456', twoFactorType: 'app' }).success).toBe(
      true,
    );
    expect(fieldErrors({ email: 'nope', password: '' }, loginRequestSchema)).toEqual({ email: 'email_invalid', password: 'password_length' });
    expect(fieldErrors({ email: 'a@b.co', password: 'x', twoFactorType: 'sms' }, loginRequestSchema)).toHaveProperty('twoFactorType');
  });
});

describe('error catalogue', () => {
  it('has every code in English and Turkish', () => {
    expect(Object.keys(errorMessages.tr).sort()).toEqual(Object.keys(errorMessages.en).sort());
  });
  it('carries the spec texts of the registration form', () => {
    expect(errorMessages.en.email_invalid).toBe('Please enter a valid email address');
    expect(errorMessages.en.password_length).toBe('Password must be at least 6 characters long');
    expect(errorMessages.en.username_space).toBe('Username cannot start or end with a space');
    expect(errorMessages.en.username_length).toBe('Username must be less than 16 characters long');
  });
});
