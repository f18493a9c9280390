import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@rally/shared/api/users';
import { passwordResetTokens } from '../../db/schema';
import { call, withTestApp, type TestApp } from '../../../test/helpers/app';
import { makeUser, signIn, type TestUser } from '../../../test/helpers/factories';
import { withSmtpCapture } from '../../../test/helpers/smtp';

const NEW_PASSWORD = 'brand new secret';
const TOKEN_IN_LINK = /\/resetpassword\/([\w-]{43})\b/;

const requestReset = (t: TestApp, email: string, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', '/api/v1/resetpassword/request', { body: { email }, headers });
const findToken = (t: TestApp, token: string, url = '/api/v1/resetpassword/find') => call(t.app, 'POST', url, { body: { token } });
const reset = (t: TestApp, token: string, password: string, headers: Record<string, string> = {}, url = '/api/v1/resetpassword/reset') =>
  call(t.app, 'POST', url, { body: { token, password }, headers });
const login = (t: TestApp, email: string, password: string) => call(t.app, 'POST', '/api/v1/login', { body: { email, password } });
const me = (t: TestApp, cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });

const INVALID = { success: false, code: 'reset_token_invalid', message: 'This password reset link is invalid or has expired' };

describe('password reset, mailed over SMTP', () => {
  const smtp = withSmtpCapture();
  const ctx = withTestApp(() => ({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Rally Test <rally@example.test>',
    PUBLIC_URL: 'http://rally.test:8080',
    RATE_LIMIT_PASSWORD_RESET: '1000/3600',
    RATE_LIMIT_LOGIN: '1000/300',
  }));

  /** Request a reset for the user and return the token of the link that the SMTP server received. */
  async function mailedToken(user: TestUser): Promise<string> {
    const before = smtp.mails.length;
    expect((await requestReset(ctx, user.email)).statusCode).toBe(200);
    await ctx.app.mailer.idle();
    const mail = smtp.mails.slice(before).find((m) => m.to.includes(user.email));
    const token = mail?.raw.match(TOKEN_IN_LINK)?.[1];
    if (!token) throw new Error('no reset link was mailed');
    return token;
  }

  it('mails a link built from PUBLIC_URL to the account, and answers an unknown e-mail the same without mailing', async () => {
    const user = await makeUser(ctx.app, 'forgetful');
    const before = smtp.mails.length;
    const known = await requestReset(ctx, `  ${user.email.toUpperCase()} `);
    const unknown = await requestReset(ctx, `nobody_${Date.now()}@example.com`);
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
    }
    await ctx.app.mailer.idle();
    const mails = smtp.mails.slice(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.from).toBe('rally@example.test');
    expect(mail!.to).toEqual([user.email]);
    expect(mail!.raw).toMatch(/^Subject: Reset your Rally password\r?$/m);
    expect(mail!.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(mail!.raw).toMatch(/^Content-Type: text\/html/m);
    expect(mail!.raw).toContain('Hi forgetful,');
    const token = mail!.raw.match(TOKEN_IN_LINK)![1]!;
    expect(mail!.raw).toContain(`http://rally.test:8080/resetpassword/${token}`);

    // Only the token's SHA-256 is stored.
    const rows = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
  });

  // That the sessions' sockets close too: gateway/gateway.test.ts (modules do not import the gateway).
  it('sets the new password once: every session ends, the token is spent, the new password signs in', async () => {
    const user = await makeUser(ctx.app, 'resetter');
    const other = await signIn(ctx.app, user.id);
    const bystander = await makeUser(ctx.app);
    const token = await mailedToken(user);

    for (const url of ['/api/v1/resetpassword/find', '/api/resetpassword/find']) expect((await findToken(ctx, token, url)).json()).toEqual({ success: true });
    const res = await reset(ctx, token, NEW_PASSWORD, {}, '/api/resetpassword/reset');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    expect((await me(ctx, user.cookie)).statusCode).toBe(401);
    expect((await me(ctx, other.cookie)).statusCode).toBe(401);
    expect((await me(ctx, bystander.cookie)).statusCode).toBe(200);
    expect((await login(ctx, user.email, NEW_PASSWORD)).statusCode).toBe(200);

    // Used: refused, and the password stays the one it set.
    for (const attempt of [await findToken(ctx, token), await reset(ctx, token, 'another secret')]) {
      expect(attempt.statusCode).toBe(404);
      expect(attempt.json()).toEqual(INVALID);
    }
    expect((await login(ctx, user.email, 'another secret')).statusCode).toBe(401);
    const [row] = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row!.usedAt).toBeInstanceOf(Date);
  });

  it('spends the earlier links of the user when one of them resets the password', async () => {
    const user = await makeUser(ctx.app);
    const first = await mailedToken(user);
    const second = await mailedToken(user);
    expect(first).not.toBe(second);
    expect((await reset(ctx, second, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await reset(ctx, first, 'another secret')).json()).toEqual(INVALID);
  });

  it('refuses an expired token and leaves the password alone', async () => {
    const user = await makeUser(ctx.app);
    const token = await mailedToken(user);
    await ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passwordResetTokens.userId, user.id));
    for (const attempt of [await findToken(ctx, token), await reset(ctx, token, NEW_PASSWORD)]) {
      expect(attempt.statusCode).toBe(404);
      expect(attempt.json()).toEqual(INVALID);
    }
    expect((await login(ctx, user.email, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await me(ctx, user.cookie)).statusCode).toBe(200);
  });

  it('refuses wrong and garbage tokens', async () => {
    const user = await makeUser(ctx.app);
    const token = await mailedToken(user);
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const attempt of [await findToken(ctx, wrong), await reset(ctx, wrong, NEW_PASSWORD), await findToken(ctx, 'garbage')]) {
      expect(attempt.statusCode).toBe(404);
      expect(attempt.json()).toEqual(INVALID);
    }
    for (const bad of ['', 'x'.repeat(200), 'a\u0000b']) {
      const attempt = await reset(ctx, bad, NEW_PASSWORD);
      expect(attempt.statusCode).toBe(400);
      expect(Object.keys(attempt.json().errors)).toEqual(['token']);
    }
    expect((await findToken(ctx, token)).statusCode).toBe(200);
  });

  it('holds the new password to the registration rules, in the caller’s language, and keeps the token for a retry', async () => {
    const user = await makeUser(ctx.app);
    const token = await mailedToken(user);
    const short = await reset(ctx, token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ password: 'Password must be at least 6 characters long' });
    expect((await reset(ctx, token, '12345', { 'accept-language': 'tr' })).json().errors).toEqual({ password: 'Şifre en az 6 karakter olmalıdır' });
    expect((await reset(ctx, token, 'x'.repeat(129))).json().errors).toEqual({ password: 'Password must be at most 128 characters long' });
    expect((await reset(ctx, token, '123456')).statusCode).toBe(200);
  });

  it('limits requests per e-mail address, the same whether or not it has an account', async () => {
    const user = await makeUser(ctx.app);
    for (const email of [user.email, `nobody_${Date.now()}@example.com`]) {
      for (let i = 0; i < 3; i++) expect((await requestReset(ctx, email)).statusCode).toBe(200);
      const limited = await requestReset(ctx, email.toUpperCase());
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('too_many_requests');
      expect(limited.headers['retry-after']).toBeDefined();
    }
  });

  it('has no outbox page while mail goes over SMTP', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
  });
});

describe('password reset without SMTP: the outbox', () => {
  const ctx = withTestApp({ RATE_LIMIT_PASSWORD_RESET: '2/3600' });
  const outbox = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/dev/outbox', headers });

  it('keeps the mail, in the user’s language, and the outbox page lists it with its link', async () => {
    const user = await makeUser(ctx.app, 'türkçe', { settings: { ...DEFAULT_USER_SETTINGS, locale: 'tr' } });
    expect((await requestReset(ctx, user.email)).statusCode).toBe(200);
    await ctx.app.mailer.idle();
    const page = await outbox();
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<h2');
    expect(page.body).toContain('Rally şifreni sıfırla');
    expect(page.body).toContain(user.email);
    expect(page.body).toContain('Merhaba türkçe,');
    const token = page.body.match(TOKEN_IN_LINK)![1]!;
    expect(page.body).toContain(`<a href="http://localhost:3000/resetpassword/${token}">`);
    expect((await findToken(ctx, token)).statusCode).toBe(200);
  });

  it('serves the outbox to loopback visitors only while DEV_PAGES is unset', async () => {
    // Through the trusted loopback proxy, the forwarded client is the visitor.
    expect((await outbox({ 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404);
    expect((await outbox({ 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
  });

  it('limits requests per client address', async () => {
    const from = { 'x-forwarded-for': '203.0.113.8' };
    expect((await requestReset(ctx, 'a@example.com', from)).statusCode).toBe(200);
    expect((await requestReset(ctx, 'b@example.com', from)).statusCode).toBe(200);
    expect((await requestReset(ctx, 'c@example.com', from)).statusCode).toBe(429);
    expect((await requestReset(ctx, 'c@example.com', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(200);
  });
});

describe('the outbox page with DEV_PAGES set', () => {
  const open = withTestApp({ DEV_PAGES: 'true' });
  const closed = withTestApp({ DEV_PAGES: 'false' });

  it('true serves it to every visitor; false to none', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.10' };
    expect((await open.app.inject({ method: 'GET', url: '/dev/outbox', headers })).statusCode).toBe(200);
    expect((await closed.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
  });
});
