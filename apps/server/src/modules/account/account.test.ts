import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { call, withTestApp, type TestApp } from '../../../test/helpers/app';
import { registerViaApi, sessionCookieFrom } from '../../../test/helpers/auth';
import { makeMember, makeTeam, makeUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';

const PASSWORD = 'correct horse';

/** A user registered through the API (so that they have a real password), signed in. */
async function account(t: TestApp) {
  const { user, cookie, body } = await registerViaApi(t.app, { password: PASSWORD });
  if (!user || !cookie) throw new Error('registration failed');
  return { ...user, cookie, email: body.email };
}

const row = async (t: TestApp, id: string) => first(await t.db.select().from(users).where(eq(users.id, id)));
const me = (t: TestApp, cookie: string) => call(t.app, 'GET', '/api/v1/me', { cookie });
const login = (t: TestApp, email: string, password: string) => call(t.app, 'POST', '/api/v1/login', { body: { email, password } });

describe('account settings', () => {
  const ctx = withTestApp({ RATE_LIMIT_REGISTER: '1000/3600', RATE_LIMIT_LOGIN: '1000/300' });

  describe('username', () => {
    const change = (cookie: string, username: unknown, url = '/api/v1/me/profile/username') => call(ctx.app, 'POST', url, { cookie, body: { username } });

    it('sets a trimmed username of letters, digits, _ - space and emoji; the circle hears USER_PROFILE_UPDATED', async () => {
      const user = await makeUser(ctx.app);
      const mate = await makeUser(ctx.app);
      const team = await makeTeam(ctx.app, mate);
      await makeMember(ctx.app, team.teamId, user);
      const since = ctx.events.mark();
      for (const [url, name, expected] of [
        ['/api/v1/me/profile/username', '  Ada Lovelace_1 ', 'Ada Lovelace_1'],
        ['/api/me/profile/username', 'çağrı-🎮👍🏽', 'çağrı-🎮👍🏽'],
      ] as const) {
        const res = await change(user.cookie, name, url);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, username: expected });
        expect((await row(ctx, user.id)).username).toBe(expected);
      }
      const heard = ctx.events.ofType('USER_PROFILE_UPDATED', { since });
      expect(heard.map((e) => e.event.data)).toEqual([
        { userId: user.id, username: 'Ada Lovelace_1' },
        { userId: user.id, username: 'çağrı-🎮👍🏽' },
      ]);
      expect(heard[0]!.audience).toMatchObject({ kind: 'circle', teamIds: [team.teamId] });
    });

    it("refuses anything else with 'Cannot use this username.' and changes nothing", async () => {
      const user = await makeUser(ctx.app, 'keeper');
      const since = ctx.events.mark();
      for (const bad of ['', '   ', 'x'.repeat(17), 'a.b', 'semi;colon', 'tab\there', 42]) {
        const res = await change(user.cookie, bad);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ username: 'Cannot use this username.' });
      }
      expect(
        (
          await call(ctx.app, 'POST', '/api/v1/me/profile/username', { cookie: user.cookie, body: { username: '!' }, headers: { 'accept-language': 'tr' } })
        ).json().errors,
      ).toEqual({
        username: 'Bu kullanıcı adı kullanılamaz.',
      });
      expect((await row(ctx, user.id)).username).toBe('keeper');
      expect(ctx.events.ofType('USER_PROFILE_UPDATED', { since })).toEqual([]);
    });

    it('asks to be signed in', async () => {
      expect((await call(ctx.app, 'POST', '/api/v1/me/profile/username', { body: { username: 'x' } })).statusCode).toBe(401);
    });
  });

  describe('slug', () => {
    const change = (cookie: string, body: Record<string, unknown>, url = '/api/v1/me/profile/slug') => call(ctx.app, 'POST', url, { cookie, body });

    it('sets the slug with the right password (both paths)', async () => {
      const user = await account(ctx);
      const slug = `Neo-${user.id.slice(-6)}`;
      const res = await change(user.cookie, { slug, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, slug });
      expect((await row(ctx, user.id)).slug).toBe(slug);
      const again = await change(user.cookie, { slug: `m-${user.id.slice(-8)}`, password: PASSWORD }, '/api/me/profile/slug');
      expect(again.json().slug).toBe(`m-${user.id.slice(-8)}`);
    });

    it('checks length, format and password length with the spec’s messages', async () => {
      const user = await account(ctx);
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ slug: 'ab', password: PASSWORD }, { slug: 'Slug must be 3 to 20 characters long' }],
        [{ slug: 'a'.repeat(21), password: PASSWORD }, { slug: 'Slug must be 3 to 20 characters long' }],
        [{ slug: 'has space', password: PASSWORD }, { slug: 'Slug can only contain letters, numbers and hyphens' }],
        [{ slug: 'under_score', password: PASSWORD }, { slug: 'Slug can only contain letters, numbers and hyphens' }],
        [{ slug: 'fine-slug', password: '12345' }, { password: 'Password must be at least 6 characters long' }],
      ];
      for (const [body, errors] of cases) {
        const res = await change(user.cookie, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual(errors);
      }
      expect((await row(ctx, user.id)).slug).toBe(user.slug);
    });

    it('refuses a wrong password (errors.password) and a slug taken in any case (409 errors.slug); nothing changes', async () => {
      const user = await account(ctx);
      const other = await makeUser(ctx.app);
      const wrong = await change(user.cookie, { slug: 'free-one', password: 'wrong password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'password_incorrect', errors: { password: 'The password is incorrect' } });
      const taken = await change(user.cookie, { slug: other.slug.toUpperCase(), password: PASSWORD });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'slug_taken', errors: { slug: 'This slug is already taken' } });
      expect((await row(ctx, user.id)).slug).toBe(user.slug);
    });
  });

  describe('view e-mail', () => {
    const view = (cookie: string, body: Record<string, unknown>) => call(ctx.app, 'POST', '/api/me/email', { cookie, body });

    it('answers the unmasked address for the right password only', async () => {
      const user = await account(ctx);
      const res = await view(user.cookie, { password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, email: user.email });
      expect(res.headers['cache-control']).toBe('no-store');
      const wrong = await view(user.cookie, { password: 'nope' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual({ password: 'The password is incorrect' });
      expect(wrong.body).not.toContain(user.email);
      expect((await view(user.cookie, { password: '' })).json().errors).toEqual({ password: 'Please enter your password' });
    });
  });

  it('counts wrong passwords per user: after 10, even the right one is refused for a while', async () => {
    const user = await account(ctx);
    const view = (password: string) => call(ctx.app, 'POST', '/api/v1/me/email', { cookie: user.cookie, body: { password } });
    for (let i = 0; i < 10; i++) expect((await view('wrong password')).statusCode).toBe(400);
    const limited = await view(PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body).not.toContain(user.email);
    const change = await call(ctx.app, 'POST', '/api/v1/me/profile/password', {
      cookie: user.cookie,
      body: { oldPassword: PASSWORD, newPassword: 'brand new secret' },
    });
    expect(change.statusCode).toBe(429);
    expect((await login(ctx, user.email, PASSWORD)).statusCode).toBe(200);
  });

  describe('password change', () => {
    const change = (cookie: string, body: Record<string, unknown>) => call(ctx.app, 'POST', '/api/v1/me/profile/password', { cookie, body });

    it('sets the new password and ends the other sessions but this one', async () => {
      const user = await account(ctx);
      const other = sessionCookieFrom(await login(ctx, user.email, PASSWORD))!;
      const bystander = await makeUser(ctx.app);
      const res = await change(user.cookie, { oldPassword: PASSWORD, newPassword: 'brand new secret' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await me(ctx, user.cookie)).statusCode).toBe(200);
      expect((await me(ctx, other)).statusCode).toBe(401);
      expect((await me(ctx, bystander.cookie)).statusCode).toBe(200);
      expect((await login(ctx, user.email, PASSWORD)).statusCode).toBe(401);
      expect((await login(ctx, user.email, 'brand new secret')).statusCode).toBe(200);
    });

    it('refuses a wrong old password (errors.password), short ones and an unchanged one; nothing changes', async () => {
      const user = await account(ctx);
      const other = sessionCookieFrom(await login(ctx, user.email, PASSWORD))!;
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ oldPassword: 'wrong password', newPassword: 'brand new secret' }, { password: 'The password is incorrect' }],
        [{ oldPassword: '12345', newPassword: 'brand new secret' }, { oldPassword: 'Password must be at least 6 characters long' }],
        [{ oldPassword: PASSWORD, newPassword: '12345' }, { newPassword: 'Password must be at least 6 characters long' }],
        [{ oldPassword: PASSWORD, newPassword: PASSWORD }, { newPassword: 'The new password must be different from the current one' }],
      ];
      for (const [body, errors] of cases) {
        const res = await change(user.cookie, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual(errors);
      }
      expect((await me(ctx, other)).statusCode).toBe(200);
      expect((await login(ctx, user.email, PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('e-mail change without required verification (no SMTP)', () => {
    const change = (cookie: string, body: Record<string, unknown>) => call(ctx.app, 'POST', '/api/v1/me/email/change', { cookie, body });

    it('new accounts count as verified; a change keeps the account verified, tells the sessions and notifies the old address', async () => {
      const user = await account(ctx);
      expect((await row(ctx, user.id)).verified).toBe(true);
      const email = `moved_${user.id}@example.org`;
      const since = ctx.events.mark();
      const res = await change(user.cookie, { email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, email, verified: true });
      expect((await row(ctx, user.id)).email).toBe(email);
      const [event] = ctx.events.ofType('EMAIL_CHANGED', { since });
      expect(event).toMatchObject({ audience: { kind: 'users', userIds: [user.id] }, event: { data: { email, verified: true } } });
      await ctx.app.mailer.idle();
      const outbox = await ctx.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(outbox.body).toContain('Your Rally email address was changed');
      expect((await login(ctx, email, PASSWORD)).statusCode).toBe(200);
      expect((await login(ctx, user.email, PASSWORD)).statusCode).toBe(401);
    });

    it('validates the address (2 to 4 letter TLD), refuses a taken one (409), the current one and a wrong password', async () => {
      const user = await account(ctx);
      const other = await makeUser(ctx.app);
      const cases: [Record<string, unknown>, number, Record<string, string>][] = [
        [{ email: 'not-an-email', password: PASSWORD }, 400, { email: 'Please enter a valid email address' }],
        [{ email: 'a@b.c', password: PASSWORD }, 400, { email: 'Please enter a valid email address' }],
        [{ email: 'a@b.toolong', password: PASSWORD }, 400, { email: 'Please enter a valid email address' }],
        [{ email: 'fresh@example.com', password: '123' }, 400, { password: 'Password must be at least 6 characters long' }],
        [{ email: 'fresh@example.com', password: 'wrong password' }, 400, { password: 'The password is incorrect' }],
        [{ email: other.email.toUpperCase(), password: PASSWORD }, 409, { email: 'An account with this email already exists' }],
        [{ email: user.email, password: PASSWORD }, 400, { email: 'This is already your email address' }],
      ];
      for (const [body, status, errors] of cases) {
        const res = await change(user.cookie, body);
        expect(res.statusCode).toBe(status);
        expect(res.json().errors).toEqual(errors);
      }
      expect((await row(ctx, user.id)).email).toBe(user.email);
    });
  });
});
