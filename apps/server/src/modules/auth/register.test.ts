import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { meResponseSchema } from '@rally/shared/api/users';
import { authResponseSchema } from '@rally/shared/api/auth';
import { sessions, usedCaptchas, users } from '../../db/schema';
import { call, withTestApp } from '../../../test/helpers/app';
import { registerViaApi, registrationBody, sessionCookieFrom, solveCaptcha, solveChallengeToken } from '../../../test/helpers/auth';
import { first } from '../../../test/helpers/rows';
import { uniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/snowflake';
import { insertUser } from '../users/repository';
import { createCaptcha } from './captcha';

describe('POST /api/v1/register', () => {
  // Rate limiting has its own test file; here many registrations come from one address.
  const ctx = withTestApp({ RATE_LIMIT_REGISTER: '1000/3600' });

  const rowCount = async (table: typeof users | typeof sessions) => first(await ctx.app.db.select({ n: count() }).from(table)).n;
  const userRow = async (id: string) => first(await ctx.app.db.select().from(users).where(eq(users.id, id)));

  it('creates the account, signs in with an httpOnly SameSite cookie, and /me works with it', async () => {
    const { response, body, cookie } = await registerViaApi(ctx.app, { username: 'Ada Lovelace', birthdate: { day: 3, month: 7, year: 1999 } });
    expect(response.statusCode).toBe(201);
    const { user } = authResponseSchema.parse(response.json());
    expect(user).toMatchObject({
      username: 'Ada Lovelace',
      slug: 'ada-lovelace',
      email: body.email,
      // No SMTP_URL: verification is not required, and new accounts count as verified (account/verification.test.ts).
      verified: true,
      twoFA: false,
      location: 'TR',
      mustSetBirthdate: false,
    });

    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^rally_session=/);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//i);
    expect(setCookie).not.toMatch(/; Secure/i); // PUBLIC_URL is http in tests

    for (const url of ['/api/v1/me', '/api/me']) {
      const me = await ctx.app.inject({ method: 'GET', url, headers: { cookie: cookie! } });
      expect(me.statusCode).toBe(200);
      const parsed = meResponseSchema.parse(me.json());
      expect(parsed.user.id).toBe(user.id);
      expect(parsed.location).toBe('TR');
      expect(parsed.settings.privacy).toEqual({ friendRequests: 'everyone', directMessages: 'everyone' });
    }

    const row = await userRow(user.id);
    expect(row.birthdate).toBe('1999-07-03');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(body.password);
    expect(row.consentAt).toBeInstanceOf(Date);
    expect(row.location).toBe('TR');
  });

  it('maps field errors to fields with the spec messages', async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/register', {
      body: { username: ' Ada', email: 'not-an-email', password: '12345', captchaToken: 'x', birthdate: { day: 31, month: 2, year: 2000 }, consent: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'username_space',
      message: 'Username cannot start or end with a space',
      errors: {
        username: 'Username cannot start or end with a space',
        email: 'Please enter a valid email address',
        password: 'Password must be at least 6 characters long',
        birthdate: 'Please enter a valid birthdate',
      },
    });
  });

  it('refuses a username of 16 characters and a missing body', async () => {
    const long = await call(ctx.app, 'POST', '/api/v1/register', { body: { ...registrationBody({ username: 'a'.repeat(16) }), captchaToken: 'x' } });
    expect(long.json().errors).toEqual({ username: 'Username must be less than 16 characters long' });
    const empty = await call(ctx.app, 'POST', '/api/v1/register', { body: {} });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['birthdate', 'captchaToken', 'consent', 'email', 'password', 'username']);
  });

  it('refuses an e-mail address holding an invisible character (a look-alike of another), creating nothing', async () => {
    const { body } = await registerViaApi(ctx.app, { username: 'Look Alike' });
    const [local, domain] = body.email.split('@');
    const before = await rowCount(users);
    const captchaToken = await solveCaptcha(ctx.app);
    const res = await call(ctx.app, 'POST', '/api/v1/register', {
      body: { ...registrationBody({ username: 'Look Alike 2', email: `${local}\u200b@${domain}` }), captchaToken },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: { email: 'An email address cannot contain invisible characters' } });
    expect(await rowCount(users)).toBe(before);
  });

  it('answers in Turkish with accept-language tr', async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/register', {
      body: { ...registrationBody({ username: 'Ada ', password: '123' }), captchaToken: 'x' },
      headers: { 'accept-language': 'tr-TR,tr;q=0.9,en;q=0.8' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: 'Kullanıcı adı boşlukla başlayamaz veya bitemez', password: 'Şifre en az 6 karakter olmalıdır' });
    expect(res.json().message).toBe('Kullanıcı adı boşlukla başlayamaz veya bitemez');
  });

  it('requires explicit consent from a loopback visitor (TR by default); the unspent captcha works once it is given', async () => {
    const captchaToken = await solveCaptcha(ctx.app);
    const body = registrationBody({ consent: undefined });
    const refused = await call(ctx.app, 'POST', '/api/v1/register', { body: { ...body, captchaToken } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'consent_required', errors: { consent: 'You must give your explicit consent to continue' } });
    const refusedFalse = await call(ctx.app, 'POST', '/api/v1/register', { body: { ...body, consent: false, captchaToken } });
    expect(refusedFalse.json().errors).toEqual({ consent: 'You must give your explicit consent to continue' });

    const accepted = await call(ctx.app, 'POST', '/api/v1/register', { body: { ...body, consent: true, captchaToken } });
    expect(accepted.statusCode).toBe(201);
  });

  it('does not require consent when the country header says AZ, and stores location other', async () => {
    const az = { 'cf-ipcountry': 'AZ' };
    const { response, cookie, user } = await registerViaApi(ctx.app, { consent: undefined }, { headers: az });
    expect(response.statusCode).toBe(201);
    expect(user!.location).toBe('other');
    expect((await userRow(user!.id)).consentAt).toBeNull();
    // /me reports where the visitor is now.
    const fromAz = await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: cookie!, ...az } });
    expect(fromAz.json().location).toBe('other');
    const fromTr = await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: cookie! } });
    expect(fromTr.json().location).toBe('TR');
  });

  it('refuses an email that exists in any letter case with 409, and writes nothing', async () => {
    const first = await registerViaApi(ctx.app, { email: 'Taken.Person@Example.com' });
    expect(first.response.statusCode).toBe(201);
    const [usersBefore, sessionsBefore] = [await rowCount(users), await rowCount(sessions)];

    const second = await registerViaApi(ctx.app, { email: 'taken.person@example.COM', username: 'Someone Else' });
    expect(second.response.statusCode).toBe(409);
    expect(second.response.json()).toEqual({
      success: false,
      code: 'email_taken',
      message: 'An account with this email already exists',
      errors: { email: 'An account with this email already exists' },
    });
    expect(second.cookie).toBeNull();
    expect(await rowCount(users)).toBe(usersBefore);
    expect(await rowCount(sessions)).toBe(sessionsBefore);
    expect(await ctx.app.db.select().from(users).where(eq(users.username, 'Someone Else'))).toEqual([]);
  });

  it('lets one of two concurrent registrations of an email win; the other gets 409', async () => {
    const email = `race_${Date.now()}@example.com`;
    const results = await Promise.all([registerViaApi(ctx.app, { email }), registerViaApi(ctx.app, { email })]);
    expect(results.map((r) => r.response.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.response.statusCode === 409)!.response.json().errors).toEqual({ email: 'An account with this email already exists' });
  });

  it('recognises the unique violation of the email index from this database driver', async () => {
    const user = {
      username: 'dup',
      slug: `dup-${newId()}`,
      email: `Dup_${newId()}@example.com`,
      passwordHash: 'x',
      birthdate: null,
      location: 'other' as const,
      consentAt: null,
    };
    await insertUser(ctx.app.db, { ...user, id: newId() });
    const err = await insertUser(ctx.app.db, { ...user, id: newId(), slug: `${user.slug}-2`, email: user.email.toLowerCase() }).catch((e: unknown) => e);
    expect(uniqueViolation(err)).toBe('users_email_lower_idx');
    expect(uniqueViolation(new Error('other'))).toBeNull();
  });

  it('accepts a solved captcha once', async () => {
    const captchaToken = await solveCaptcha(ctx.app);
    const first = await registerViaApi(ctx.app, { captchaToken });
    expect(first.response.statusCode).toBe(201);
    const signature = JSON.parse(Buffer.from(captchaToken, 'base64').toString()).signature as string;
    expect(await ctx.app.db.select().from(usedCaptchas).where(eq(usedCaptchas.signature, signature))).toHaveLength(1);

    const reuse = await registerViaApi(ctx.app, { captchaToken });
    expect(reuse.response.statusCode).toBe(400);
    expect(reuse.response.json()).toMatchObject({ code: 'captcha_invalid', errors: { captchaToken: 'The captcha could not be verified, please try again' } });
  });

  it('refuses missing, malformed, tampered, foreign and expired captchas', async () => {
    const missing = await registerViaApi(ctx.app, { captchaToken: '' });
    expect(missing.response.json()).toMatchObject({ code: 'captcha_required', errors: { captchaToken: 'Please complete the captcha' } });

    const good = JSON.parse(Buffer.from(await solveCaptcha(ctx.app), 'base64').toString());
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
    const expired = await solveChallengeToken(await createCaptcha(ctx.app.secret, 1000, Date.now() - 11 * 60_000));
    const foreign = await solveChallengeToken(await createCaptcha('another-secret-another-secret-0123456', 1000));
    const bad = [
      'not base64 at all!',
      encode('a string'),
      encode({ ...good, number: good.number + 1 }),
      encode({ ...good, signature: 'f'.repeat(64) }),
      encode({ ...good, algorithm: 'SHA-1' }),
      expired,
      foreign,
    ];
    for (const captchaToken of bad) {
      const res = await registerViaApi(ctx.app, { captchaToken });
      expect(res.response.statusCode, captchaToken).toBe(400);
      expect(res.response.json().code).toBe('captcha_invalid');
      expect(res.response.json().errors).toEqual({ captchaToken: 'The captcha could not be verified, please try again' });
    }
  });

  it('makes a unique lower-case slug from the username, with a suffix on collision', async () => {
    const a = await registerViaApi(ctx.app, { username: 'Çağrı Işık_TR' });
    const b = await registerViaApi(ctx.app, { username: 'çağrı ışık-tr' });
    expect(a.user!.slug).toBe('cagri-isik-tr');
    expect(b.user!.slug).toMatch(/^cagri-isik-tr-[a-z0-9]{4}$/);
    const emoji = await registerViaApi(ctx.app, { username: '🎮🎮' });
    expect(emoji.response.statusCode).toBe(201);
    expect(emoji.user!.username).toBe('🎮🎮');
    expect(emoji.user!.slug).toMatch(/^user-[a-z0-9]{4}$/);
    for (const r of [a, b, emoji]) expect(r.user!.slug).toMatch(/^[a-z0-9-]{3,20}$/);
  });

  it('keeps the language of the request', async () => {
    const ok = await registerViaApi(ctx.app, {}, { headers: { 'accept-language': 'tr' } });
    expect(ok.response.statusCode).toBe(201);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: ok.cookie! } });
    expect(me.json().settings.locale).toBe('tr');
  });

  it('makes the new user and the owner of a friend code friends (accepted), and tells the inviter', async () => {
    const inviter = await registerViaApi(ctx.app);
    const code = (await call(ctx.app, 'GET', '/api/v1/me/friendInvite', { cookie: inviter.cookie! })).json().code as string;
    const since = ctx.events.mark();
    const invited = await registerViaApi(ctx.app, { friendCode: `  ${code} ` });
    expect(invited.response.statusCode).toBe(201);
    const friends = (await call(ctx.app, 'GET', '/api/v1/me/friends', { cookie: invited.cookie! })).json().friends;
    expect(friends).toEqual([
      expect.objectContaining({ status: 'accepted', createdBy: inviter.user!.id, user: expect.objectContaining({ id: inviter.user!.id }) }),
    ]);
    const toInviter = await ctx.events.waitFor('FRIEND_ACCEPTED', { since, where: (e) => e.audience.userIds.includes(inviter.user!.id) });
    expect(toInviter.event.data.friend).toMatchObject({ status: 'accepted', user: { id: invited.user!.id } });
  });

  it('refuses an unknown or too long friend code under the field, creating nothing', async () => {
    const before = await rowCount(users);
    const unknown = await registerViaApi(ctx.app, { friendCode: 'ABCD-1234' }, { headers: { 'accept-language': 'tr' } });
    expect(unknown.response.statusCode).toBe(400);
    expect(unknown.response.json().errors).toEqual({ friendCode: 'Bu arkadaş davet kodu geçerli değil' });
    expect(unknown.cookie).toBeNull();
    const tooLong = await registerViaApi(ctx.app, { friendCode: 'x'.repeat(65) });
    expect(tooLong.response.json().errors).toEqual({ friendCode: 'This friend invite code is not valid' });
    expect(await rowCount(users)).toBe(before);
  });

  it('sets no cookie when registration fails', async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/register', { body: { nope: true } });
    expect(sessionCookieFrom(res)).toBeNull();
  });
});
