import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionsResponseSchema } from '@rally/shared/api/sessions';
import { sessions } from '../../db/schema';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeUser, signIn } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { hashToken } from '../auth/session-repository';

describe('signed-in sessions (devices)', () => {
  const ctx = withTestApp();
  const list = async (cookie: string) => {
    const res = await call(ctx.app, 'GET', '/api/v1/me/sessions', { cookie });
    expect(res.statusCode).toBe(200);
    return { body: res.body, sessions: sessionsResponseSchema.parse(res.json()).sessions };
  };
  const me = (cookie: string) => call(ctx.app, 'GET', '/api/v1/me', { cookie });
  const signOut = (cookie: string, id: string) => call(ctx.app, 'DELETE', `/api/v1/me/sessions/${id}`, { cookie });
  const signOutOthers = (cookie: string) => call(ctx.app, 'DELETE', '/api/v1/me/sessions', { cookie });

  it("lists the user's sessions, newest first, the current one marked, with ids that are neither token nor hash", async () => {
    const user = await makeUser(ctx.app);
    const phone = await signIn(ctx.app, user.id);
    const bystander = await makeUser(ctx.app);
    const { body, sessions: listed } = await list(user.cookie);
    expect(listed).toHaveLength(2);
    expect(listed.map((s) => s.current)).toEqual([false, true]);
    for (const s of listed) {
      expect(s.id).toMatch(/^[0-9a-f]{16}$/);
      expect(s.lastSeenAt).not.toBeNull();
    }
    for (const secret of [user.token, phone.token, hashToken(user.token), hashToken(phone.token), bystander.token]) expect(body).not.toContain(secret);
    // From the other device, that one is current.
    const fromPhone = (await list(phone.cookie)).sessions;
    expect(fromPhone.find((s) => s.current)?.id).toBe(first(listed).id);
  });

  it('marks a session seen when it authenticates a request a minute or more after it was last seen', async () => {
    const user = await makeUser(ctx.app);
    const long = new Date(Date.now() - 3_600_000);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: long })
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    const before = Date.now();
    expect((await me(user.cookie)).statusCode).toBe(200);
    const row = first(
      await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(user.token))),
    );
    expect(row.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Within the minute, it is not written again.
    const seen = row.lastSeenAt!.getTime();
    expect((await me(user.cookie)).statusCode).toBe(200);
    const again = first(
      await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(user.token))),
    );
    expect(again.lastSeenAt!.getTime()).toBe(seen);
  });

  it('signs one session out: it no longer authenticates, and a second sign-out of it is 404', async () => {
    const user = await makeUser(ctx.app);
    const laptop = await signIn(ctx.app, user.id);
    const other = await makeUser(ctx.app);
    const laptopId = (await list(laptop.cookie)).sessions.find((s) => s.current)!.id;

    // Another user cannot sign it out (nor learn that it exists).
    const foreign = await signOut(other.cookie, laptopId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('session_not_found');
    expect((await me(laptop.cookie)).statusCode).toBe(200);

    const res = await signOut(user.cookie, laptopId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, ended: 1 });
    expect((await me(laptop.cookie)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await signOut(user.cookie, laptopId)).statusCode).toBe(404);
    expect((await list(user.cookie)).sessions).toHaveLength(1);
  });

  it('signs out every other session, keeping the current one and other users’ sessions', async () => {
    const user = await makeUser(ctx.app);
    const devices = [await signIn(ctx.app, user.id), await signIn(ctx.app, user.id)];
    const bystander = await makeUser(ctx.app);
    const res = await signOutOthers(user.cookie);
    expect(res.json()).toEqual({ success: true, ended: 2 });
    for (const device of devices) expect((await me(device.cookie)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await me(bystander.cookie)).statusCode).toBe(200);
    expect((await list(user.cookie)).sessions.map((s) => s.current)).toEqual([true]);
  });

  it('signing out the current session clears its cookie', async () => {
    const user = await makeUser(ctx.app);
    const id = (await list(user.cookie)).sessions.find((s) => s.current)!.id;
    const res = await signOut(user.cookie, id);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/rally_session=;/);
    expect((await me(user.cookie)).statusCode).toBe(401);
  });
});
