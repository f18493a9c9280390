import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authResponseSchema } from '@rally/shared/api/auth';
import { users } from '../../db/schema';
import { call, withTestApp } from '../../../test/helpers/app';
import { registerViaApi, sessionCookieFrom, solveCaptcha } from '../../../test/helpers/auth';
import { withTwoFactor } from '../../../test/helpers/two-factor';

describe('POST /api/v1/login', () => {
  // Rate limits have their own test file; LOGIN_FAILURES_BEFORE_CAPTCHA keeps its default of 3.
  const ctx = withTestApp({ RATE_LIMIT_REGISTER: '1000/3600', RATE_LIMIT_LOGIN: '1000/300' });
  let addressCounter = 0;
  /** A fresh client address per use (through the trusted loopback proxy), so that tests do not share failure counts. */
  const newAddress = () => ({ 'x-forwarded-for': `203.0.113.${++addressCounter}` });

  async function newAccount() {
    const { body, user } = await registerViaApi(ctx.app, { email: `Mixed.Case_${Date.now()}_${addressCounter}@Example.com` });
    return { email: body.email, password: body.password, id: user!.id };
  }
  const login = (body: Record<string, unknown>, headers: Record<string, string> = newAddress(), url = '/api/v1/login') =>
    call(ctx.app, 'POST', url, { body, headers });

  it('signs in with the right password, any email case, and sets the session cookie', async () => {
    const account = await newAccount();
    for (const url of ['/api/v1/login', '/api/login']) {
      const res = await login({ email: `  ${account.email.toUpperCase()} `, password: account.password }, newAddress(), url);
      expect(res.statusCode).toBe(200);
      expect(authResponseSchema.parse(res.json()).user.id).toBe(account.id);
      const cookie = sessionCookieFrom(res);
      expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: cookie! } });
      expect(me.json().user.id).toBe(account.id);
    }
  });

  it('answers 401 invalid_credentials alike for a wrong password and an unknown email', async () => {
    const account = await newAccount();
    const wrong = await login({ email: account.email, password: 'wrong password' });
    const unknown = await login({ email: `nobody_${Date.now()}@example.com`, password: 'whatever' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'invalid_credentials', message: 'Invalid email or password' });
      expect(sessionCookieFrom(res)).toBeNull();
    }
    const tr = await login({ email: account.email, password: 'wrong password' }, { ...newAddress(), 'accept-language': 'tr' });
    expect(tr.json().message).toBe('E-posta veya şifre hatalı');
  });

  it('validates the body with field errors', async () => {
    const res = await login({ email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: 'Please enter a valid email address', password: 'Password must be at least 6 characters long' });
  });

  it('demands a captcha after 3 failures for an email (from any address), accepts a solved one, then forgets the failures', async () => {
    expect(ctx.config.LOGIN_FAILURES_BEFORE_CAPTCHA).toBe(3);
    const account = await newAccount();
    for (let i = 0; i < 3; i++) expect((await login({ email: account.email, password: `wrong-${i}` })).statusCode).toBe(401);

    const elsewhere = newAddress();
    const demanded = await login({ email: account.email.toLowerCase(), password: account.password }, elsewhere);
    expect(demanded.statusCode).toBe(400);
    expect(demanded.json()).toEqual({
      success: false,
      code: 'captcha_required',
      message: 'Please complete the captcha',
      errors: { captchaToken: 'Please complete the captcha' },
    });

    const badCaptcha = await login({ email: account.email, password: account.password, captchaToken: 'bm90IGEgY2FwdGNoYQ==' }, elsewhere);
    expect(badCaptcha.statusCode).toBe(400);
    expect(badCaptcha.json()).toMatchObject({ code: 'captcha_invalid', errors: { captchaToken: 'The captcha could not be verified, please try again' } });

    // A solved captcha with a wrong password is still a failure (and the captcha is spent).
    const captchaToken = await solveCaptcha(ctx.app);
    expect((await login({ email: account.email, password: 'still wrong', captchaToken }, elsewhere)).statusCode).toBe(401);
    expect((await login({ email: account.email, password: account.password, captchaToken }, elsewhere)).json().code).toBe('captcha_invalid');

    const solved = await login({ email: account.email, password: account.password, captchaToken: await solveCaptcha(ctx.app) }, elsewhere);
    expect(solved.statusCode).toBe(200);
    expect(sessionCookieFrom(solved)).not.toBeNull();

    // Success reset the email's failures: no captcha next time.
    expect((await login({ email: account.email, password: account.password })).statusCode).toBe(200);
  });

  it('demands a captcha from an address after 3 failures on any emails', async () => {
    const account = await newAccount();
    const address = newAddress();
    for (let i = 0; i < 3; i++) expect((await login({ email: `stranger_${i}_${Date.now()}@example.com`, password: 'guess' }, address)).statusCode).toBe(401);

    const demanded = await login({ email: account.email, password: account.password }, address);
    expect(demanded.json().code).toBe('captcha_required');
    // The same account from another address needs none.
    expect((await login({ email: account.email, password: account.password })).statusCode).toBe(200);

    const solved = await login({ email: account.email, password: account.password, captchaToken: await solveCaptcha(ctx.app) }, address);
    expect(solved.statusCode).toBe(200);
    // A login that solved the captcha clears the address's failures too.
    expect((await login({ email: account.email, password: account.password }, address)).statusCode).toBe(200);
  });

  it('does not let a successful login without captcha clear the failures of its address', async () => {
    const account = await newAccount();
    const address = newAddress();
    for (let i = 0; i < 2; i++) await login({ email: `stranger_x${i}_${Date.now()}@example.com`, password: 'guess' }, address);
    expect((await login({ email: account.email, password: account.password }, address)).statusCode).toBe(200);
    await login({ email: `stranger_y_${Date.now()}@example.com`, password: 'guess' }, address);
    expect((await login({ email: account.email, password: account.password }, address)).json().code).toBe('captcha_required');
  });

  it("answers the spec's '2FA' marker for the right password once 2FA is on; a pending setup does not count", async () => {
    const account = await newAccount();
    // A secret whose setup was never confirmed does not ask for a code.
    await ctx.app.db.update(users).set({ twoFactorSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(users.id, account.id));
    expect((await login({ email: account.email, password: account.password })).statusCode).toBe(200);
    // Codes and their checks: modules/two-factor/two-factor.test.ts.
    await withTwoFactor(ctx.app, account);
    const res = await login({ email: account.email, password: account.password });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: 'two_factor_required', message: '2FA' });
    expect(sessionCookieFrom(res)).toBeNull();
    // The marker is only given for the right password.
    expect((await login({ email: account.email, password: 'wrong password' })).json().code).toBe('invalid_credentials');
  });
});
