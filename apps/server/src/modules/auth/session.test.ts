import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { call, withTestApp } from '../../../test/helpers/app';
import { registerViaApi } from '../../../test/helpers/auth';
import { makeUser } from '../../../test/helpers/factories';
import { hashToken } from './session-repository';

describe('GET /api/v1/me and POST /api/logout', () => {
  const ctx = withTestApp();

  const me = (cookie?: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: cookie ? { cookie } : {} });

  it('answers 401 when signed out, or with a forged or unknown cookie', async () => {
    for (const cookie of [undefined, 'rally_session=forged', `rally_session=${encodeURIComponent(ctx.app.signCookie('no-such-token'))}`]) {
      const res = await me(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'unauthorized', message: 'You need to log in first' });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('returns the user, settings and the current location', async () => {
    const user = await makeUser(ctx.app);
    const res = await me(user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      user: { id: user.id, username: user.username, email: user.email, twoFA: false, mustSetBirthdate: false },
      settings: { locale: 'en', developerMode: { isEnabled: false }, leftSidebar: { isEnabled: true } },
      location: 'TR',
    });
  });

  for (const path of ['/api/logout', '/api/v1/logout']) {
    it(`${path} deletes the session, clears the cookie, and the old cookie no longer works`, async () => {
      const { cookie, user } = await registerViaApi(ctx.app);
      expect((await me(cookie!)).statusCode).toBe(200);
      const token = ctx.app.unsignCookie(decodeURIComponent(cookie!.slice(cookie!.indexOf('=') + 1))).value!;
      expect(
        await ctx.app.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token))),
      ).toHaveLength(1);

      const res = await call(ctx.app, 'POST', path, { cookie: cookie! });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const cleared = String(res.headers['set-cookie']);
      expect(cleared).toMatch(/^rally_session=;/);
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);

      expect(
        await ctx.app.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token))),
      ).toEqual([]);
      expect((await me(cookie!)).statusCode).toBe(401);
      expect(user).not.toBeNull();
    });
  }

  it('ends only the session it was called with', async () => {
    const { body, cookie: first } = await registerViaApi(ctx.app);
    const second = await call(ctx.app, 'POST', '/api/v1/login', { body: { email: body.email, password: body.password } });
    const secondCookie = String(second.headers['set-cookie']).split(';')[0];
    await call(ctx.app, 'POST', '/api/logout', { cookie: first! });
    expect((await me(first!)).statusCode).toBe(401);
    expect((await me(secondCookie)).statusCode).toBe(200);
  });

  it('succeeds when nobody is signed in', async () => {
    const res = await call(ctx.app, 'POST', '/api/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });
});
