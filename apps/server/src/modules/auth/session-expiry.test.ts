import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { withTestApp } from '../../../test/helpers/app';
import { makeUser, type TestUser } from '../../../test/helpers/factories';
import { startSessionSweep } from './session-expiry';
import { createSession, hashToken } from './session-repository';

describe('expired sessions', () => {
  const ctx = withTestApp();

  const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
  const stored = async (token: string) =>
    (
      await ctx.app.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
    ).length === 1;
  const expire = (token: string) =>
    ctx.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
  async function expiredUser(): Promise<TestUser> {
    const user = await makeUser(ctx.app);
    await expire(user.token);
    return user;
  }
  const until = async (check: () => Promise<boolean>, timeoutMs = 5_000) => {
    const end = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('an expired session no longer authenticates, and the sweep deletes it while a live one stays', async () => {
    const live = await makeUser(ctx.app);
    const expired = await expiredUser();
    expect((await me(live.cookie)).statusCode).toBe(200);
    expect((await me(expired.cookie)).statusCode).toBe(401);
    expect(await stored(expired.token)).toBe(true);

    expect(await ctx.app.sessionSweep.run()).toBeGreaterThanOrEqual(1);
    expect(await stored(expired.token)).toBe(false);
    expect(await stored(live.token)).toBe(true);
    expect((await me(live.cookie)).statusCode).toBe(200);
    // Idempotent: another sweep (another process's, say) finds nothing of ours to delete.
    await ctx.app.sessionSweep.run();
    expect(await stored(live.token)).toBe(true);
  });

  it('sweeps on its own shortly after start and then every interval, until stopped', async () => {
    const errors: unknown[] = [];
    const sweep = startSessionSweep(ctx.app.db, (err) => errors.push(err), { firstDelayMs: 20, intervalMs: 50 });
    try {
      const live = await makeUser(ctx.app);
      const first = await expiredUser();
      await until(async () => !(await stored(first.token)));
      const second = await expiredUser(); // after the first run: left for the next interval
      await until(async () => !(await stored(second.token)));
      expect(await stored(live.token)).toBe(true);
    } finally {
      await sweep.stop();
    }
    const after = await expiredUser();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stored(after.token)).toBe(true);
    expect(errors).toEqual([]);
    await ctx.app.sessionSweep.run();
    expect(await stored(after.token)).toBe(false);
  });

  it('a sweep that fails is reported, not thrown, and the next one runs', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const failingDb = new Proxy(ctx.app.db, {
      get(target, key, receiver) {
        if (key === 'delete' && calls++ === 0)
          return () => {
            throw new Error('database gone');
          };
        return Reflect.get(target, key, receiver);
      },
    });
    const sweep = startSessionSweep(failingDb, (err) => errors.push(err), { firstDelayMs: 60_000 });
    try {
      expect(await sweep.run()).toBe(0);
      expect(errors).toHaveLength(1);
      const user = await makeUser(ctx.app);
      const token = await createSession(ctx.app.db, user.id, {});
      await expire(token);
      await sweep.run();
      expect(await stored(token)).toBe(false);
      expect(await stored(user.token)).toBe(true);
    } finally {
      await sweep.stop();
    }
  });
});
