import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Presence } from '@rally/shared/api/users';
import { call, createTestApp, withTestApp } from '../../test/helpers/app';
import { makeTeam, makeUser, type TestUser } from '../../test/helpers/factories';
import { friendships, users } from '../db/schema';
import type { Executor } from '../db/client';
import { findUserById } from '../modules/users/repository';
import { readyClient, until, type TestClient, type TestFrame } from './testing';

/** The users a PRESENCE_UPDATE frame lists. */
const listed = (frame: TestFrame) => (frame.data.presences as Array<{ userId: string }>).map((p) => p.userId);

async function befriend(db: Executor, a: TestUser, b: TestUser): Promise<void> {
  const [low, high] = BigInt(a.id) < BigInt(b.id) ? [a.id, b.id] : [b.id, a.id];
  await db.insert(friendships).values({ userLow: low, userHigh: high, requesterId: a.id, status: 'accepted', acceptedAt: new Date() });
}

/**
 * Presence over a user's sessions (docs/gateway-protocol.md, "Presence"): online with the first
 * live socket, offline when the last one closes, idle and back as the client reports, the status
 * the user chose over all of it, told to their teams and accepted friends and no one else, and
 * reset when the server starts. (Across processes: test/multiprocess/presence.multiprocess.test.ts.)
 */
describe('presence', () => {
  const ctx = withTestApp({ GATEWAY_RESUME_WAIT_MS: 20, GATEWAY_PRESENCE_ON_CONNECT: 'true', GATEWAY_PRESENCE_COALESCE_MS: 30 }, { listen: true });

  /** The next PRESENCE_UPDATE about `who` (others skipped). */
  async function presenceOf(client: TestClient, who: TestUser): Promise<number> {
    for (;;) {
      const frame: TestFrame = await client.next('PRESENCE_UPDATE');
      const entry = (frame.data.presences as Array<{ userId: string; presence: number }>).find((p) => p.userId === who.id);
      if (entry) return entry.presence;
    }
  }

  const stored = async (who: TestUser) => (await findUserById(ctx.app.db, who.id))?.presence;

  it('is online with the first socket, stays online while one is left, and goes offline when the last one closes', async () => {
    const owner = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    await makeTeam(ctx.app, owner, { members: [member] });
    const watcher = (await readyClient(ctx, owner)).client;
    const first = (await readyClient(ctx, member)).client;
    expect(await presenceOf(watcher, member)).toBe(Presence.ONLINE);
    const second = (await readyClient(ctx, member)).client;

    first.close();
    second.send({ type: 'PRESENCE_UPDATE', data: { presence: Presence.IDLE } });
    // The one left says idle: that is the first change the watcher hears (never offline in between).
    expect(await presenceOf(watcher, member)).toBe(Presence.IDLE);
    second.send({ type: 'PRESENCE_UPDATE', data: { presence: Presence.ONLINE } });
    expect(await presenceOf(watcher, member)).toBe(Presence.ONLINE);

    second.drop(); // no close handshake: a lost network
    expect(await presenceOf(watcher, member)).toBe(Presence.OFFLINE);
    await until(async () => (await stored(member)) === Presence.OFFLINE, 'the stored presence');
    const members = await call(ctx.app, 'GET', `/api/v1/teams/${(await makeTeamOf(owner, member)).teamId}/members`, { cookie: owner.cookie });
    expect(members.json().members.find((m: { id: string }) => m.id === member.id).presence).toBe(Presence.OFFLINE);
    watcher.close();
  });

  /** Another team of the two, to read its member list. */
  const makeTeamOf = (owner: TestUser, member: TestUser) => makeTeam(ctx.app, owner, { members: [member] });

  it('shows the status the user chose over every session, keeps it in their settings, and refuses an unknown one', async () => {
    const owner = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    await makeTeam(ctx.app, owner, { members: [member] });
    const watcher = (await readyClient(ctx, owner)).client;
    const socket = (await readyClient(ctx, member)).client;
    expect(await presenceOf(watcher, member)).toBe(Presence.ONLINE);
    expect(await presenceOf(socket, member)).toBe(Presence.ONLINE);

    const bad = await call(ctx.app, 'POST', '/api/v1/me/presence', { cookie: member.cookie, body: { status: 7 } });
    expect(bad.statusCode).toBe(400);
    expect(await stored(member)).toBe(Presence.ONLINE);

    const dnd = await call(ctx.app, 'POST', '/api/v1/me/presence', { cookie: member.cookie, body: { status: Presence.DND } });
    expect(dnd.json()).toEqual({ success: true });
    expect(await presenceOf(watcher, member)).toBe(Presence.DND);
    expect(await presenceOf(socket, member)).toBe(Presence.DND); // the user's own sessions hear it too
    // Reported idle: do-not-disturb holds.
    socket.send({ type: 'PRESENCE_UPDATE', data: { presence: Presence.IDLE } });
    const me = await call(ctx.app, 'GET', '/api/v1/me', { cookie: member.cookie });
    expect(me.json().settings.presence).toBe(Presence.DND);

    // Invisible: offline to everyone while connected.
    await call(ctx.app, 'POST', '/api/v1/me/presence', { cookie: member.cookie, body: { status: Presence.OFFLINE } });
    expect(await presenceOf(watcher, member)).toBe(Presence.OFFLINE);
    socket.close();
    // Reconnecting later: still invisible (read from the settings at READY), nothing told.
    await until(async () => (await stored(member)) === Presence.OFFLINE, 'the stored presence');
    const again = (await readyClient(ctx, member)).client;
    await call(ctx.app, 'POST', '/api/v1/me/presence', { cookie: member.cookie, body: { status: Presence.ONLINE } });
    expect(await presenceOf(watcher, member)).toBe(Presence.ONLINE);
    await call(ctx.app, 'POST', '/api/v1/me/presence', { cookie: member.cookie, body: { status: Presence.IDLE } });
    expect(await presenceOf(watcher, member)).toBe(Presence.IDLE);
    for (const c of [watcher, again]) c.close();
  });

  it('tells teammates and accepted friends, each socket once however many teams they share, and no one else', async () => {
    const user = await makeUser(ctx.app);
    const mate = await makeUser(ctx.app);
    const friend = await makeUser(ctx.app);
    const pending = await makeUser(ctx.app);
    const stranger = await makeUser(ctx.app);
    await makeTeam(ctx.app, user, { members: [mate] });
    await makeTeam(ctx.app, mate, { members: [user] });
    await befriend(ctx.app.db, user, friend);
    const [low, high] = BigInt(user.id) < BigInt(pending.id) ? [user.id, pending.id] : [pending.id, user.id];
    await ctx.app.db.insert(friendships).values({ userLow: low, userHigh: high, requesterId: pending.id, status: 'pending' });

    const watchers = await Promise.all([mate, friend, pending, stranger].map(async (who) => (await readyClient(ctx, who)).client));
    const socket = (await readyClient(ctx, user)).client;
    expect(await presenceOf(watchers[0]!, user)).toBe(Presence.ONLINE);
    expect(await presenceOf(watchers[1]!, user)).toBe(Presence.ONLINE);
    socket.close();
    expect(await presenceOf(watchers[0]!, user)).toBe(Presence.OFFLINE);
    expect(await presenceOf(watchers[1]!, user)).toBe(Presence.OFFLINE);
    // The mate shares two teams with the user and still got each change once.
    const aboutUser = (c: TestClient) => c.unread().filter((f) => f.type === 'PRESENCE_UPDATE' && listed(f).includes(user.id));
    expect(aboutUser(watchers[0]!)).toEqual([]);
    expect(aboutUser(watchers[2]!)).toEqual([]);
    expect(aboutUser(watchers[3]!)).toEqual([]);
    for (const c of watchers) c.close();
  });

  it('shows offline, when the server starts, users left online by a server that stopped', async () => {
    const left = await makeUser(ctx.app);
    await ctx.app.db.update(users).set({ presence: Presence.DND }).where(eq(users.id, left.id));
    const restarted = await createTestApp({ GATEWAY_PRESENCE_ON_CONNECT: 'true' }, { database: async () => ({ ...ctx.database, close: async () => {} }) });
    try {
      expect((await findUserById(ctx.app.db, left.id))?.presence).toBe(Presence.OFFLINE);
    } finally {
      await restarted.close();
    }
  });
});

describe('presence, one window', () => {
  // A window long enough for every socket of the test to connect within it (the default is 500 ms).
  const slow = withTestApp({ GATEWAY_PRESENCE_ON_CONNECT: 'true', GATEWAY_PRESENCE_COALESCE_MS: 3000 }, { listen: true });

  it('tells the changes of one window in one frame per socket, each socket only those of the users whose circle it is in', async () => {
    const owner = await makeUser(slow.app);
    const members = [await makeUser(slow.app), await makeUser(slow.app), await makeUser(slow.app)];
    await makeTeam(slow.app, owner, { members });
    const friend = await makeUser(slow.app);
    await befriend(slow.app.db, members[0]!, friend);
    const watcher = (await readyClient(slow, owner)).client;
    const outsider = (await readyClient(slow, friend)).client;
    for (const member of members) await readyClient(slow, member);

    const frame = await watcher.next('PRESENCE_UPDATE', 10_000);
    expect(new Set(listed(frame))).toEqual(new Set([owner.id, ...members.map((m) => m.id)]));
    expect((frame.data.presences as Array<{ presence: number }>).every((p) => p.presence === Presence.ONLINE)).toBe(true);
    // The friend of one member hears of that member and of themselves, nothing of the others.
    const told = await outsider.next('PRESENCE_UPDATE', 10_000);
    expect(new Set(listed(told))).toEqual(new Set([friend.id, members[0]!.id]));
    await new Promise((resolve) => setTimeout(resolve, 200)); // anything else sent with them has arrived (not a timing assertion)
    expect(watcher.unread().filter((f) => f.type === 'PRESENCE_UPDATE')).toEqual([]);
    expect(outsider.unread().filter((f) => f.type === 'PRESENCE_UPDATE')).toEqual([]);
  });
});
