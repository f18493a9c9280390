import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@rally/shared/limits';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { users } from '../../db/schema';

/**
 * What one user's profile changes cost their circle (SECURITY.md, "Fan-out"): a burst of custom
 * status changes (1,000 in 3 s once made 16,016 USER_PROFILE_UPDATED frames reach one teammate) is
 * bounded twice: per user (RATE_LIMITS.circle, 429 with Retry-After, shared by every change the
 * circle hears of), and per window (PROFILE_COALESCE_MS: the first change is told at once, the ones
 * within the window together when it ends).
 */
const setStatus = (ctx: { app: Parameters<typeof call>[0] }, who: TestUser, content: string) =>
  call(ctx.app, 'POST', '/api/v1/me/status', { cookie: who.cookie, body: { content } });

describe(`profile changes: at most ${RATE_LIMITS.circle.count} per ${RATE_LIMITS.circle.windowMs / 1000} s per user`, () => {
  const ctx = withTestApp();
  let ada: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    ada = await makeUser(ctx.app);
    bob = await makeUser(ctx.app);
    await makeTeam(ctx.app, ada, { members: [bob] });
  });

  it('answers a flood of status changes with 429 and Retry-After past the limit, writing and telling nothing more', async () => {
    const since = ctx.events.mark();
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof setStatus>> | null = null;
    for (let i = 0; i < 3 * RATE_LIMITS.circle.count; i++) {
      const res = await setStatus(ctx, bob, `flood ${i}`);
      statuses.push(res.statusCode);
      limited ??= res.statusCode === 429 ? res : null;
    }
    expect(statuses.slice(0, RATE_LIMITS.circle.count).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(RATE_LIMITS.circle.count).every((s) => s === 429)).toBe(true);
    expect(limited!.json().code).toBe('too_many_requests');
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    const last = `flood ${RATE_LIMITS.circle.count - 1}`;
    expect(first(await ctx.db.select({ content: users.statusContent }).from(users).where(eq(users.id, bob.id))).content).toBe(last);
    expect(ctx.events.ofType('USER_PROFILE_UPDATED', { since })).toHaveLength(RATE_LIMITS.circle.count);

    // One limit for everything the circle hears of: the activity, the avatar, the chosen presence too.
    expect((await call(ctx.app, 'POST', '/api/v1/me/rpc', { cookie: bob.cookie, body: { name: 'Chess' } })).statusCode).toBe(429);
    expect((await call(ctx.app, 'POST', '/api/v1/me/profile/avatar', { cookie: bob.cookie, body: { avatar: null } })).statusCode).toBe(429);
    expect((await call(ctx.app, 'POST', '/api/v1/me/presence', { cookie: bob.cookie, body: { status: 2 } })).statusCode).toBe(429);
    // Another user is not affected.
    expect((await setStatus(ctx, ada, 'still here')).statusCode).toBe(200);
  });
});

describe('profile changes: coalesced per user within PROFILE_COALESCE_MS', () => {
  // A window no test outlasts: what it holds is told when the test drains it.
  const ctx = withTestApp({ PROFILE_COALESCE_MS: 60_000 });
  let ada: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    ada = await makeUser(ctx.app);
    bob = await makeUser(ctx.app);
    await makeTeam(ctx.app, ada, { members: [bob] });
  });

  it('tells the first change at once, and the ones within the window once when it ends, with the latest value of each field', async () => {
    const since = ctx.events.mark();
    expect((await setStatus(ctx, bob, 'first')).statusCode).toBe(200);
    expect(ctx.events.ofType('USER_PROFILE_UPDATED', { since }).map((e) => e.event.data)).toEqual([
      { userId: bob.id, status: { content: 'first', emojiId: null, emoji: null } },
    ]);

    const burst = ctx.events.mark();
    for (let i = 0; i < 5; i++) expect((await setStatus(ctx, bob, `burst ${i}`)).statusCode).toBe(200);
    const activity = (await call(ctx.app, 'POST', '/api/v1/me/rpc', { cookie: bob.cookie, body: { name: 'Chess' } })).json().activity;
    expect((await call(ctx.app, 'DELETE', '/api/v1/me/status', { cookie: bob.cookie })).statusCode).toBe(200);
    // Another user's change is not held by Bob's window.
    expect((await setStatus(ctx, ada, 'mine')).statusCode).toBe(200);
    expect(ctx.events.ofType('USER_PROFILE_UPDATED', { since: burst }).map((e) => e.event.data.userId)).toEqual([ada.id]);

    await ctx.app.profileUpdates.drain();
    expect(ctx.events.ofType('USER_PROFILE_UPDATED', { since: burst, where: (e) => e.event.data.userId === bob.id }).map((e) => e.event.data)).toEqual([
      { userId: bob.id, status: null, activity },
    ]);
  });
});
