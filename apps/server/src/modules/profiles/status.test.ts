import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '@rally/shared/limits';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeTeam, makeUser, type TeamFixture, type TestUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { users } from '../../db/schema';
import { userRateKey } from '../../lib/rate-limit';
import { makeEmoji } from '../emojis/testing';

/**
 * Custom status (POST/DELETE /api/v1/me/status, spec 001 §7 Status) and game activity (POST/DELETE
 * /api/v1/me/rpc, 000 §7): validated, stored on the user, shown in member lists and profiles, and
 * told to the user's circle as USER_PROFILE_UPDATED.
 */
describe('custom status and activity', () => {
  const ctx = withTestApp();
  let ada: TestUser;
  let bob: TestUser;
  let team: TeamFixture;

  const setStatus = (who: TestUser, body: unknown) => call(ctx.app, 'POST', '/api/v1/me/status', { cookie: who.cookie, body });
  const clearStatus = (who: TestUser) => call(ctx.app, 'DELETE', '/api/v1/me/status', { cookie: who.cookie });
  const setRpc = (who: TestUser, body: unknown) => call(ctx.app, 'POST', '/api/v1/me/rpc', { cookie: who.cookie, body });
  const clearRpc = (who: TestUser) => call(ctx.app, 'DELETE', '/api/v1/me/rpc', { cookie: who.cookie });
  const stored = async (who: TestUser) =>
    first(await ctx.db.select({ content: users.statusContent, emoji: users.statusEmoji, activity: users.activity }).from(users).where(eq(users.id, who.id)));
  const memberOf = async (viewer: TestUser, who: TestUser) => {
    const res = await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/members`, { cookie: viewer.cookie });
    return res.json().members.find((m: { id: string }) => m.id === who.id);
  };

  beforeAll(async () => {
    ada = await makeUser(ctx.app);
    bob = await makeUser(ctx.app);
    team = await makeTeam(ctx.app, ada, { members: [bob] });
  });

  // The tests change these profiles more often than RATE_LIMITS.circle lets a person (fan-out.test.ts tests the limit).
  beforeEach(() => Promise.all([ada, bob].map((who) => ctx.app.rateLimiter.reset(userRateKey('circle', who.id)))));

  it('sets a status of text and a standard emoji: stored, in the member list and the profile, told to the circle; the same again tells no one', async () => {
    const since = ctx.events.mark();
    const res = await setStatus(bob, { content: '  Raiding tonight  ', emojiId: '❤' });
    expect(res.statusCode, res.body).toBe(200);
    // Trimmed; the emoji fully qualified (with VS16), as reactions store it.
    const status = { content: 'Raiding tonight', emojiId: '❤️', emoji: null };
    expect(res.json()).toEqual({ success: true, status });
    expect(await stored(bob)).toMatchObject({ content: 'Raiding tonight', emoji: '❤️' });
    expect((await memberOf(ada, bob)).userStatus).toEqual(status);
    expect((await call(ctx.app, 'GET', `/api/v1/users/${bob.id}/profile`, { cookie: ada.cookie })).json().user.status).toEqual(status);

    const [event, ...more] = ctx.events.ofType('USER_PROFILE_UPDATED', { since });
    expect(more).toEqual([]);
    expect(event?.event.data).toEqual({ userId: bob.id, status });
    expect(event?.audience).toEqual({ kind: 'circle', teamIds: [team.teamId], userIds: [bob.id] });

    const again = ctx.events.mark();
    expect((await setStatus(bob, { content: 'Raiding tonight', emojiId: '❤️' })).statusCode).toBe(200);
    expect(ctx.events.ofType('USER_PROFILE_UPDATED', { since: again })).toEqual([]);
  });

  it('clears the status (the circle hears of it once); text alone or an emoji alone is a status', async () => {
    // emojibase writes the gamepad with VS16, and so the status stores it.
    expect((await setStatus(ada, { emojiId: '🎮' })).json().status).toEqual({ content: null, emojiId: '🎮\uFE0F', emoji: null });
    expect((await setStatus(ada, { content: 'brb', emojiId: null })).json().status).toEqual({ content: 'brb', emojiId: null, emoji: null });
    const since = ctx.events.mark();
    expect((await clearStatus(ada)).json()).toEqual({ success: true });
    expect(await stored(ada)).toMatchObject({ content: null, emoji: null });
    expect((await memberOf(bob, ada)).userStatus).toBeNull();
    expect((await clearStatus(ada)).statusCode).toBe(200);
    expect(ctx.events.ofType('USER_PROFILE_UPDATED', { since }).map((e) => e.event.data)).toEqual([{ userId: ada.id, status: null }]);
  });

  it("takes an emoji of one of the user's teams, with its name and image; refuses another team's", async () => {
    const own = await makeEmoji(ctx.app, team.teamId, 'raid');
    const elsewhere = await makeTeam(ctx.app, await makeUser(ctx.app));
    const foreign = await makeEmoji(ctx.app, elsewhere.teamId, 'nope');
    const res = await setStatus(bob, { content: null, emojiId: own.id });
    expect(res.json().status).toEqual({ content: null, emojiId: own.id, emoji: { name: 'raid', url: own.url } });
    expect((await memberOf(ada, bob)).userStatus.emoji).toEqual({ name: 'raid', url: own.url });

    const refused = await setStatus(bob, { emojiId: foreign.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'status_emoji_invalid', errors: { emojiId: expect.any(String) } });
    expect(await stored(bob)).toMatchObject({ emoji: own.id });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    await setStatus(bob, { content: 'kept', emojiId: '⚔️' });
    const since = ctx.events.mark();
    const cases: [unknown, string][] = [
      [{ content: 'x'.repeat(LIMITS.status.contentMax + 1) }, 'status_too_long'],
      [{ content: 'a\u0000b' }, 'text_invalid_characters'],
      [{ emojiId: 'notanemoji' }, 'status_emoji_invalid'],
      [{ emojiId: '99999999999999999999' }, 'status_emoji_invalid'],
      [{ content: '   ', emojiId: '' }, 'status_empty'],
      [{}, 'status_empty'],
      [{ content: 5 }, 'invalid_request'],
    ];
    for (const [body, code] of cases) {
      const res = await setStatus(bob, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
    expect(await stored(bob)).toMatchObject({ content: 'kept', emoji: '⚔️' });
    expect(ctx.events.ofType('USER_PROFILE_UPDATED', { since })).toEqual([]);
    expect((await call(ctx.app, 'POST', '/api/v1/me/status', { body: { content: 'x' } })).statusCode).toBe(401);
  });

  it('sets a game activity (game is playing; the start defaults to now), shown in the member list; clears it', async () => {
    const since = ctx.events.mark();
    const before = Date.now();
    const res = await setRpc(bob, { type: 'game', gameId: '42', name: 'Valorant', details: ' Ranked ', state: '' });
    expect(res.statusCode, res.body).toBe(200);
    const activity = res.json().activity;
    expect(activity).toMatchObject({ type: 'playing', id: '42', name: 'Valorant', details: 'Ranked', state: null });
    expect(Date.parse(activity.startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await stored(bob)).activity).toEqual(activity);
    expect((await memberOf(ada, bob)).userRPC).toEqual(activity);
    expect(ctx.events.ofType('USER_PROFILE_UPDATED', { since }).map((e) => e.event.data)).toEqual([{ userId: bob.id, activity }]);

    const started = Date.UTC(2026, 0, 2, 3, 4, 5);
    const listening = await setRpc(bob, { type: 'listening', name: 'Lo-fi', startedAt: started });
    expect(listening.json().activity).toEqual({
      type: 'listening',
      id: null,
      name: 'Lo-fi',
      details: null,
      state: null,
      startedAt: new Date(started).toISOString(),
    });

    const cleared = ctx.events.mark();
    expect((await clearRpc(bob)).json()).toEqual({ success: true });
    expect((await stored(bob)).activity).toBeNull();
    expect((await memberOf(ada, bob)).userRPC).toBeNull();
    expect((await clearRpc(bob)).statusCode).toBe(200);
    expect(ctx.events.ofType('USER_PROFILE_UPDATED', { since: cleared }).map((e) => e.event.data)).toEqual([{ userId: bob.id, activity: null }]);
  });

  it('refuses a bad activity with 400 and keeps the one there was', async () => {
    await setRpc(ada, { name: 'Chess' });
    const cases: [unknown, string][] = [
      [{}, 'activity_name_invalid'],
      [{ name: '  ' }, 'activity_name_invalid'],
      [{ name: 'x'.repeat(LIMITS.activity.textMax + 1) }, 'activity_name_invalid'],
      [{ name: 'Chess', type: 'sleeping' }, 'activity_type_invalid'],
      [{ name: 'Chess', details: 'x'.repeat(LIMITS.activity.textMax + 1) }, 'activity_text_too_long'],
      [{ name: 'Chess', startedAt: Date.now() + 10 * 60_000 }, 'activity_start_invalid'],
      [{ name: 'Chess', startedAt: -1 }, 'activity_start_invalid'],
      [{ name: 'Chess', startedAt: 'yesterday' }, 'activity_start_invalid'],
    ];
    for (const [body, code] of cases) {
      const res = await setRpc(ada, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
    expect((await stored(ada)).activity).toMatchObject({ name: 'Chess', type: 'playing' });
  });
});
