import { describe, expect, it } from 'vitest';
import { sessionsResponseSchema } from '@rally/shared/api/sessions';
import { call, withTestApp } from '../../test/helpers/app';
import { registerViaApi, sessionCookieFrom } from '../../test/helpers/auth';
import { makeUser } from '../../test/helpers/factories';
import { readyClient } from './testing';

/** The sessions list (user settings → Sessions) follows sign-ins and sign-outs on the user's other devices. */
describe('sessions, live', () => {
  const ctx = withTestApp({}, { listen: true });

  const signInAgain = async (email: string, password: string) => {
    const res = await call(ctx.app, 'POST', '/api/v1/login', {
      body: { email, password },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookieFrom(res)!; // a successful login sets the cookie
  };
  const listed = async (cookie: string) => sessionsResponseSchema.parse((await call(ctx.app, 'GET', '/api/v1/me/sessions', { cookie })).json()).sessions;

  it("a sign-in reaches the user's open sessions as SESSION_CREATED, as the list shows it; another user's do not hear it", async () => {
    const { body, cookie } = await registerViaApi(ctx.app);
    const bystander = await makeUser(ctx.app);
    const { client: desktop } = await readyClient(ctx, { cookie: cookie! });
    const { client: other } = await readyClient(ctx, bystander);

    const phone = await signInAgain(body.email, body.password);
    const frame = await desktop.next('SESSION_CREATED');
    const fromPhone = (await listed(phone)).find((s) => s.current)!; // the phone's own session
    const { current: _current, ...shown } = fromPhone;
    expect(frame.data).toEqual(shown);
    expect(frame.data.userAgent).toContain('Firefox');

    // The bystander heard nothing of it: a change of their own settings is the next frame they get.
    expect(
      (await call(ctx.app, 'POST', '/api/v1/me/settings', { cookie: bystander.cookie, body: { settings: { developerMode: { isEnabled: true } } } })).statusCode,
    ).toBe(200);
    expect((await other.next()).type).toBe('USER_SETTINGS_UPDATED');
  });

  it('signing a session out, logging out and changing the password reach the remaining sessions as SESSIONS_REVOKED', async () => {
    const { body, cookie } = await registerViaApi(ctx.app);
    const { client: desktop } = await readyClient(ctx, { cookie: cookie! });
    const phone = await signInAgain(body.email, body.password);
    const phoneId = (await listed(phone)).find((s) => s.current)!.id;
    await desktop.next('SESSION_CREATED');

    // Signed out from the desktop's list: the phone's sockets close, the desktop hears of it.
    const { client: phoneSocket } = await readyClient(ctx, { cookie: phone });
    expect((await call(ctx.app, 'DELETE', `/api/v1/me/sessions/${phoneId}`, { cookie: cookie! })).statusCode).toBe(200);
    expect(await desktop.next('SESSIONS_REVOKED')).toMatchObject({ data: { ids: [phoneId] } });
    await phoneSocket.closed;

    // A laptop logs out by itself.
    const laptop = await signInAgain(body.email, body.password);
    const laptopId = (await listed(laptop)).find((s) => s.current)!.id;
    expect((await call(ctx.app, 'POST', '/api/v1/logout', { cookie: laptop })).statusCode).toBe(200);
    expect(await desktop.next('SESSIONS_REVOKED')).toMatchObject({ data: { ids: [laptopId] } });

    // A password change ends every other session.
    const tablet = await signInAgain(body.email, body.password);
    const tabletId = (await listed(tablet)).find((s) => s.current)!.id;
    const change = await call(ctx.app, 'POST', '/api/v1/me/profile/password', {
      cookie: cookie!,
      body: { oldPassword: body.password, newPassword: 'battery staple' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(await desktop.next('SESSIONS_REVOKED')).toMatchObject({ data: { ids: [tabletId] } });
  });
});
