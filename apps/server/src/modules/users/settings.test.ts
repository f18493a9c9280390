import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_USER_SETTINGS } from '@rally/shared/api/users';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeUser, type TestUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { users } from '../../db/schema';

describe('POST /api/v1/me/settings (000 §3 user settings)', () => {
  const ctx = withTestApp();
  let user: TestUser;

  beforeAll(async () => {
    user = await makeUser(ctx.app);
  });

  const set = (settings: unknown, path = '/api/v1/me/settings', signedIn = true) =>
    call(ctx.app, 'POST', path, { ...(signedIn ? { cookie: user.cookie } : {}), body: { settings } });
  const stored = async () => first(await ctx.db.select({ settings: users.settings }).from(users).where(eq(users.id, user.id))).settings;

  it('changes one key at a time, keeps the others (privacy and status too), and /me shows the result', async () => {
    const since = ctx.events.mark();
    const before = await stored();
    const first = await set({ locale: 'tr' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, settings: { ...before, locale: 'tr' } });

    const second = await set({ developerMode: { isEnabled: true }, leftSidebar: { isEnabled: true } }, '/api/me/settings');
    expect(second.json().settings).toEqual({ ...before, locale: 'tr', developerMode: { isEnabled: true }, leftSidebar: { isEnabled: true } });
    expect(await stored()).toEqual(second.json().settings);

    const me = await call(ctx.app, 'GET', '/api/v1/me', { cookie: user.cookie });
    expect(me.json().settings).toEqual(second.json().settings);
    expect(me.json().settings.privacy).toEqual(DEFAULT_USER_SETTINGS.privacy);

    // Each change reached the user's sessions (and only theirs), with all the settings after it.
    await ctx.events.waitFor('USER_SETTINGS_UPDATED', { since, where: (e) => e.event.data.leftSidebar.isEnabled });
    const published = ctx.events.ofType('USER_SETTINGS_UPDATED', { since });
    expect(published.map((e) => e.audience)).toEqual([
      { kind: 'users', userIds: [user.id] },
      { kind: 'users', userIds: [user.id] },
    ]);
    expect(published.map((e) => e.event.data)).toEqual([first.json().settings, second.json().settings]);
  });

  it("tells the user's sessions of a privacy change too", async () => {
    const since = ctx.events.mark();
    const res = await call(ctx.app, 'POST', '/api/v1/me/settings/privacy', { cookie: user.cookie, body: { privacy: { directMessages: 'friends' } } });
    expect(res.statusCode).toBe(200);
    const event = await ctx.events.waitFor('USER_SETTINGS_UPDATED', { since });
    expect(event.event.data).toEqual(await stored());
    expect(event.event.data.privacy.directMessages).toBe('friends');
  });

  it('answers the settings unchanged for an empty change', async () => {
    const before = await stored();
    const res = await set({});
    expect([res.statusCode, res.json().settings]).toEqual([200, before]);
  });

  it.each([
    ['an unknown language', { locale: 'fr' }],
    ['developer mode that is not a switch', { developerMode: { isEnabled: 'yes' } }],
    ['a left sidebar without its value', { leftSidebar: {} }],
    ['a good key beside a bad one', { locale: 'tr', leftSidebar: { isEnabled: 1 } }],
    ['a change that is not an object', 'tr'],
  ])('refuses %s with 400 and changes nothing', async (_what, settings) => {
    const since = ctx.events.mark();
    const before = await stored();
    const res = await set(settings);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: { settings: expect.any(String) } });
    expect(await stored()).toEqual(before);
    expect(ctx.events.ofType('USER_SETTINGS_UPDATED', { since })).toEqual([]);
  });

  it('refuses a body without settings, and a caller who is not signed in', async () => {
    const before = await stored();
    expect((await call(ctx.app, 'POST', '/api/v1/me/settings', { cookie: user.cookie, body: { locale: 'tr' } })).statusCode).toBe(400);
    expect((await set({ locale: 'en' }, '/api/v1/me/settings', false)).statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('ignores keys that are not app settings (privacy has its own endpoint)', async () => {
    const before = await stored();
    const res = await set({ privacy: { friendRequests: 'noone' }, presence: 3 });
    expect(res.statusCode).toBe(200);
    expect(await stored()).toEqual(before);
  });
});
