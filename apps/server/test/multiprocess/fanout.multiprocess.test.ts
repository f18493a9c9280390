import { signerFactory } from '@fastify/cookie';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@rally/shared/api/common';
import { CloseCode } from '@rally/shared/gateway/protocol';
import { ChannelPermission } from '@rally/shared/permissions';
import { RedisBus } from '../../src/bus/redis-bus';
import { publishEvent } from '../../src/lib/events';
import { setChannelOverwrite } from '../../src/modules/permissions/repository';
import { toChannel } from '../../src/modules/teams/mappers';
import type { DatabaseHandle } from '../../src/db/client';
import { hashToken } from '../../src/modules/auth/session-repository';
import { TestClient, until } from '../../src/gateway/testing';
import { openTestDatabase } from '../helpers/database';
import { dropRedisKeys, sharedSettings } from '../helpers/multiprocess';
import { makeChannel, makeMember, makeRole, makeTeam, makeUser, type TeamFixture, type TestUser, type WithSigner } from '../helpers/factories';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { SYSTEM_ACCOUNT_ID } from '../../src/modules/dms/system';

/**
 * Two real server processes on one PostgreSQL database and one Redis: an event posted through
 * process A reaches a socket on process B, what sockets may view is recomputed on both (overwrites,
 * roles, kick, ban, owner change, team deletion through A's API), and a session dropped on B (even
 * by B's shutdown) resumes on A. Run by `npm run test:pg` (vitest --config apps/server/vitest.multiprocess.config.ts).
 */
const shared = sharedSettings();
const { REDIS_URL, REDIS_PREFIX } = shared;

describe('two server processes on one PostgreSQL and one Redis', () => {
  let database: (DatabaseHandle & { url?: string }) | undefined;
  /** The factories' view of the servers' database, signing cookies as the servers do. */
  let rows: WithSigner;
  let redis: Redis;
  /** The test's own connection to the servers' event stream (events of routes that do not exist yet are published on it). */
  let stream: RedisBus | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let owner: TestUser;
  let member: TestUser;
  let team: TeamFixture;
  const clients: TestClient[] = [];

  function connect(server: ServerProcess, who: TestUser): TestClient {
    const client = TestClient.connect(`ws://127.0.0.1:${server.port}/api/v1/ws`, { cookie: who.cookie });
    clients.push(client);
    return client;
  }

  async function post(server: ServerProcess, who: TestUser, channelId: string, content: string): Promise<void> {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/v1/channels/${channelId}/messages`, {
      method: 'POST',
      headers: { cookie: who.cookie, [CSRF_HEADER]: '1', 'content-type': 'application/json' },
      body: JSON.stringify({ content, nonce: content }),
    });
    if (res.status !== 201) throw new Error(`POST message through port ${server.port}: ${res.status} ${await res.text()}`);
  }

  /** Where a dropped session waits: under the sign-in that opened it (see gateway/session-store.ts). */
  const sessionKey = (who: TestUser, sessionId: string) => `${REDIS_PREFIX}gw:session:${hashToken(who.token)}:${sessionId}`;

  beforeAll(async () => {
    // A clone of the migrated template, so the two servers find nothing left to migrate (dropped after).
    database = await openTestDatabase();
    if (!database.url) throw new Error('openTestDatabase gave no PostgreSQL database: is DATABASE_URL set?');
    const signer = signerFactory(shared.COOKIE_SECRET);
    rows = { db: database.db, signCookie: (token) => signer.sign(token) };
    redis = new Redis(REDIS_URL);
    stream = await RedisBus.connect(REDIS_URL, REDIS_PREFIX);
    owner = await makeUser(rows, 'owner');
    member = await makeUser(rows, 'member');
    team = await makeTeam(rows, owner, { members: [member] });
    // A channel hidden from everyone but the owner: READY must not list it for the member.
    await makeChannel(rows, team.teamId, { name: 'staff', parentId: team.categoryId, priority: 1, hiddenFrom: [team.teamId] });

    const env = {
      ...shared,
      DATABASE_URL: database.url,
      // Long enough for a RESUME sent right after the socket opens to arrive first on a loaded machine
      // (after the wait, READY starts a fresh session and the RESUME gets INVALID_SESSION).
      GATEWAY_RESUME_WAIT_MS: '250',
      ALLOWED_REGIONS: '*',
      // Presence by connection is tested in presence.multiprocess.test.ts; here its events would interleave with the frames counted.
      GATEWAY_PRESENCE_ON_CONNECT: 'false',
    };
    a = await startServer(env);
    b = await startServer(env);
  });

  afterAll(async () => {
    for (const c of clients) c.drop();
    await Promise.all([a?.stop(), b?.stop()]);
    await stream?.close();
    await database?.close();
    redis?.disconnect();
    await dropRedisKeys(REDIS_URL, REDIS_PREFIX);
  });

  it('delivers a message posted through process A to a socket on process B', async () => {
    const onB = connect(b!, member);
    const ready = await onB.next('READY');
    expect(ready.data.channels.map((c: { id: string }) => c.id)).toEqual([team.generalId]);
    await post(a!, owner, team.generalId, 'hello from A');
    const frame = await onB.next('MESSAGE_SEND', 15_000);
    expect(frame.seq).toBe(1);
    expect(frame.data).toMatchObject({ channelId: team.generalId, content: 'hello from A', createdBy: { id: owner.id } });
  });

  it('delivers a PRESENCE_UPDATE frame sent to A to a teammate on B', async () => {
    const onB = connect(b!, owner);
    await onB.next('READY');
    const onA = connect(a!, member);
    await onA.next('READY');
    onA.send({ type: 'PRESENCE_UPDATE', data: { presence: 2 } });
    const frame = await onB.next('PRESENCE_UPDATE', 15_000);
    expect(frame.data).toEqual({ presences: [{ userId: member.id, presence: 2 }] });
  });

  it('resumes on A a session dropped on B, with what was posted meanwhile', async () => {
    const onB = connect(b!, member);
    const ready = await onB.next('READY');
    const sessionId = ready.data.sessionId as string;
    await post(a!, owner, team.generalId, 'before the drop');
    expect((await onB.next('MESSAGE_SEND', 15_000)).seq).toBe(1);
    onB.drop();
    await until(async () => (await redis.exists(sessionKey(member, sessionId))) === 1, 'B to keep the dropped session in Redis', 15_000);

    await post(a!, owner, team.generalId, 'while away 1');
    await post(a!, owner, team.generalId, 'while away 2');
    const onA = connect(a!, member);
    await onA.opened;
    onA.send({ type: 'RESUME', data: { sessionId, seq: 1 } });
    const frames = [await onA.next(), await onA.next(), await onA.next()];
    expect(frames.map((f) => [f.seq, f.type, f.data.content ?? f.data])).toEqual([
      [2, 'MESSAGE_SEND', 'while away 1'],
      [3, 'MESSAGE_SEND', 'while away 2'],
      [3, 'RESUMED', { replayed: 2 }],
    ]);
    // The session is A's now: live events continue its numbering, and it cannot be resumed twice.
    await post(b!, owner, team.generalId, 'live on A');
    const live = await onA.next('MESSAGE_SEND', 15_000);
    expect([live.seq, live.data.content]).toEqual([4, 'live on A']);
    expect(await redis.exists(sessionKey(member, sessionId))).toBe(0);
  });

  it('closes the sockets on B of a session signed out through A', async () => {
    const leaver = await makeUser(rows, 'leaver');
    const onB = connect(b!, leaver);
    await onB.next('READY');
    const res = await fetch(`http://127.0.0.1:${a!.port}/api/v1/logout`, { method: 'POST', headers: { cookie: leaver.cookie, [CSRF_HEADER]: '1' } });
    expect(res.status).toBe(200);
    expect((await onB.closed).code).toBe(CloseCode.SESSION_ENDED);
  });

  /** Hide a channel from a user (or show it again, `null`) as the channel routes will: the write, then CHANNEL_UPDATED on the shared stream. */
  async function overwriteFor(who: TestUser, channelId: string, deny: number | null): Promise<void> {
    const result = await setChannelOverwrite(rows.db, channelId, { kind: 'user', id: who.id }, deny === null ? null : { allow: 0, deny });
    if (!('channel' in result)) throw new Error(`no overwrite written: ${result.missing} missing`);
    await publishEvent({ bus: stream! }, { audience: { kind: 'channel', channelId }, event: { type: 'CHANNEL_UPDATED', data: toChannel(result.channel) } });
  }

  /** An event only `who` receives: what comes before it is all they were sent. */
  const marker = (who: TestUser, presence: 0 | 1 | 2 | 3) =>
    publishEvent(
      { bus: stream! },
      {
        audience: { kind: 'circles', circles: [{ teamIds: [], userIds: [who.id] }] },
        event: { type: 'PRESENCE_UPDATE', data: { presences: [{ userId: who.id, presence }] } },
      },
    );

  it('recomputes subscriptions on every process: a socket on B stops receiving a channel hidden from its user, and gets it back', async () => {
    const lobbyId = await makeChannel(rows, team.teamId, { name: 'lobby' });
    const author = await makeUser(rows, 'author');
    await makeMember(rows, team.teamId, author);
    const onB = connect(b!, member);
    await onB.next('READY');
    const ownerOnA = connect(a!, owner);
    await ownerOnA.next('READY');

    await overwriteFor(member, lobbyId, ChannelPermission.VIEW_CHANNEL);
    expect(await onB.next(undefined, 15_000)).toMatchObject({ type: 'CHANNEL_DELETED', data: { id: lobbyId, teamId: team.teamId } });
    expect((await ownerOnA.next(undefined, 15_000)).type).toBe('CHANNEL_UPDATED');
    await post(a!, author, lobbyId, 'hidden from the member');
    expect((await ownerOnA.next('MESSAGE_SEND', 15_000)).data.content).toBe('hidden from the member');
    await marker(member, 2);
    expect((await onB.next(undefined, 15_000)).type).toBe('PRESENCE_UPDATE');

    await overwriteFor(member, lobbyId, null);
    expect(await onB.next(undefined, 15_000)).toMatchObject({ type: 'CHANNEL_UPDATED', data: { id: lobbyId } });
    await post(a!, author, lobbyId, 'visible again');
    expect((await onB.next(undefined, 15_000)).data.content).toBe('visible again');
  });

  it('recomputes on every process when a role is given or taken through A: a socket on B gains and loses the channel the role may view', async () => {
    const mods = await makeRole(rows, team.teamId, { name: 'mods', permissions: 0 });
    const modsId = await makeChannel(rows, team.teamId, {
      name: 'mods',
      hiddenFrom: [team.teamId],
      permissions: { role: { [mods]: { allow: ChannelPermission.VIEW_CHANNEL, deny: 0 } }, user: {} },
    });
    const onB = connect(b!, member);
    await onB.next('READY');
    const memberRole = async (method: 'POST' | 'DELETE') => {
      const res = await fetch(`http://127.0.0.1:${a!.port}/api/v1/teams/${team.teamId}/members/${member.id}/roles/${mods}`, {
        method,
        headers: { cookie: owner.cookie, [CSRF_HEADER]: '1' },
      });
      expect(res.status, await res.text()).toBe(200);
    };

    await memberRole('POST');
    expect(await onB.next(undefined, 15_000)).toMatchObject({ type: 'CHANNEL_CREATED', data: { id: modsId } });
    expect(await onB.next(undefined, 15_000)).toMatchObject({ type: 'USER_ROLE_ADDED', data: { userId: member.id, roleId: mods } });
    await post(a!, owner, modsId, 'for mods');
    expect((await onB.next('MESSAGE_SEND', 15_000)).data.content).toBe('for mods');

    await memberRole('DELETE');
    expect(await onB.next(undefined, 15_000)).toMatchObject({ type: 'CHANNEL_DELETED', data: { id: modsId, teamId: team.teamId } });
    expect(await onB.next(undefined, 15_000)).toMatchObject({ type: 'USER_ROLE_REMOVED', data: { roleId: mods } });
    await post(a!, owner, modsId, 'mods only');
    await marker(member, 3);
    expect((await onB.next(undefined, 15_000)).type).toBe('PRESENCE_UPDATE');
  });

  /** A call to a server process's API as `who`; its status and JSON body. */
  async function api(server: ServerProcess, who: TestUser, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const res = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      method,
      headers: { cookie: who.cookie, [CSRF_HEADER]: '1', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  }

  /** A team of its own for a test that changes memberships or the team itself: `owner` owns it, `member` is in it. */
  async function ownTeam(name: string): Promise<{ owner: TestUser; member: TestUser; team: TeamFixture }> {
    const teamOwner = await makeUser(rows, `${name}-owner`);
    const teamMember = await makeUser(rows, `${name}-member`);
    return { owner: teamOwner, member: teamMember, team: await makeTeam(rows, teamOwner, { name, members: [teamMember] }) };
  }

  for (const [removal, call] of [
    ['kick', (t: TeamFixture, who: TestUser, by: TestUser) => api(a!, by, 'DELETE', `/api/v1/teams/${t.teamId}/members/${who.id}`)],
    [
      'ban',
      (t: TeamFixture, who: TestUser, by: TestUser) => api(a!, by, 'POST', `/api/v1/teams/${t.teamId}/members/${who.id}/ban`, { reason: 'two processes' }),
    ],
  ] as const) {
    it(`a ${removal} through A: the member's socket on B gets USER_LEFT_TEAM and then none of the team's channel events; a teammate on A keeps them`, async () => {
      const t = await ownTeam(removal);
      const onB = connect(b!, t.member);
      await onB.next('READY');
      const ownerOnA = connect(a!, t.owner);
      await ownerOnA.next('READY');
      await post(a!, t.owner, t.team.generalId, 'before');
      expect((await onB.next('MESSAGE_SEND', 15_000)).data.content).toBe('before');

      const res = await call(t.team, t.member, t.owner);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(await onB.next(undefined, 15_000)).toMatchObject({ type: 'USER_LEFT_TEAM', data: { teamId: t.team.teamId, userId: t.member.id } });
      expect((await ownerOnA.next('USER_LEFT_TEAM', 15_000)).data.userId).toBe(t.member.id);
      // Then their system chat tells them (modules/dms/system.ts): the new chat, and its message.
      expect(await onB.next(undefined, 15_000)).toMatchObject({ type: 'DM_CREATED' });
      expect(await onB.next(undefined, 15_000)).toMatchObject({ type: 'MESSAGE_SEND', data: { createdBy: { id: SYSTEM_ACCOUNT_ID } } });

      await post(b!, t.owner, t.team.generalId, 'after');
      expect((await ownerOnA.next('MESSAGE_SEND', 15_000)).data.content).toBe('after');
      // An event only the removed member gets: what comes before it is all they were sent.
      await marker(t.member, 2);
      expect((await onB.next(undefined, 15_000)).type).toBe('PRESENCE_UPDATE');
      const teamMessages = onB.frames.filter((f) => f.type === 'MESSAGE_SEND' && f.data.channelId === t.team.generalId);
      expect(teamMessages.map((f) => f.data.content)).toEqual(['before']);
    });
  }

  it('an owner change through A reaches sockets on both processes, and each recomputes what its user sees', async () => {
    const t = await ownTeam('owners');
    const staffId = await makeChannel(rows, t.team.teamId, { name: 'staff', hiddenFrom: [t.team.teamId] });
    const memberOnB = connect(b!, t.member);
    const memberReady = await memberOnB.next('READY');
    expect(memberReady.data.channels.map((c: { id: string }) => c.id)).not.toContain(staffId);
    const ownerOnA = connect(a!, t.owner);
    await ownerOnA.next('READY');
    const ownerOnB = connect(b!, t.owner);
    await ownerOnB.next('READY');

    const res = await api(a!, t.owner, 'POST', `/api/v1/teams/${t.team.teamId}/owner`, { owner: t.member.id });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // The new owner sees every channel: told of the hidden one, then the change itself.
    expect(await memberOnB.next(undefined, 15_000)).toMatchObject({ type: 'CHANNEL_CREATED', data: { id: staffId } });
    expect(await memberOnB.next(undefined, 15_000)).toMatchObject({ type: 'TEAM_UPDATED', data: { id: t.team.teamId, createdBy: t.member.id } });
    // The old owner, on both processes, no longer sees it.
    for (const socket of [ownerOnA, ownerOnB]) {
      expect(await socket.next(undefined, 15_000)).toMatchObject({ type: 'CHANNEL_DELETED', data: { id: staffId, teamId: t.team.teamId } });
      expect(await socket.next(undefined, 15_000)).toMatchObject({ type: 'TEAM_UPDATED', data: { createdBy: t.member.id } });
    }
    await post(a!, t.member, staffId, 'for the new owner');
    expect((await memberOnB.next('MESSAGE_SEND', 15_000)).data.content).toBe('for the new owner');
  });

  it('a team deleted through A reaches its sockets on both processes, which then hear nothing of it', async () => {
    const t = await ownTeam('doomed');
    const memberOnB = connect(b!, t.member);
    await memberOnB.next('READY');
    const ownerOnA = connect(a!, t.owner);
    await ownerOnA.next('READY');

    const res = await api(a!, t.owner, 'DELETE', '/api/teams', { id: t.team.teamId, name: 'doomed' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    for (const socket of [memberOnB, ownerOnA])
      expect(await socket.next(undefined, 15_000)).toMatchObject({ type: 'TEAM_DELETED', data: { teamId: t.team.teamId } });
    // Nothing of the team after it: the next frame the member gets is one for them alone.
    await marker(t.member, 3);
    expect((await memberOnB.next(undefined, 15_000)).type).toBe('PRESENCE_UPDATE');
  });

  it('resumes on A a session dropped on B with the subscriptions changed in its gap', async () => {
    const lobbyId = await makeChannel(rows, team.teamId, { name: 'lobby2' });
    const author = await makeUser(rows, 'author2');
    await makeMember(rows, team.teamId, author);
    const onB = connect(b!, member);
    const sessionId = (await onB.next('READY')).data.sessionId as string;
    onB.drop();
    await until(async () => (await redis.exists(sessionKey(member, sessionId))) === 1, 'B to keep the dropped session in Redis', 15_000);

    await post(a!, author, lobbyId, 'missed while visible');
    await overwriteFor(member, lobbyId, ChannelPermission.VIEW_CHANNEL);
    await post(a!, author, lobbyId, 'missed while hidden');
    const onA = connect(a!, member);
    await onA.opened;
    onA.send({ type: 'RESUME', data: { sessionId, seq: 0 } });
    const frames = [await onA.next(undefined, 15_000), await onA.next(undefined, 15_000), await onA.next(undefined, 15_000)];
    expect(frames.map((f) => [f.seq, f.type, f.data.content ?? f.data.id ?? f.data])).toEqual([
      [1, 'MESSAGE_SEND', 'missed while visible'],
      [2, 'CHANNEL_DELETED', lobbyId],
      [2, 'RESUMED', { replayed: 2 }],
    ]);
    await post(b!, author, lobbyId, 'still hidden');
    await marker(member, 3);
    expect((await onA.next(undefined, 15_000)).type).toBe('PRESENCE_UPDATE');
  });

  it('closes sockets with SERVER_RESTART when B stops, and they resume on A', async () => {
    const onB = connect(b!, member);
    const ready = await onB.next('READY');
    const sessionId = ready.data.sessionId as string;
    const stopping = b!.stop();
    expect((await onB.closed).code).toBe(CloseCode.SERVER_RESTART);
    expect(await stopping).toBe(0);
    b = undefined;

    await post(a!, owner, team.generalId, 'after the restart');
    const onA = connect(a!, member);
    await onA.opened;
    onA.send({ type: 'RESUME', data: { sessionId, seq: 0 } });
    const frames = [await onA.next(), await onA.next()];
    expect(frames.map((f) => [f.seq, f.type, f.data.content ?? f.data])).toEqual([
      [1, 'MESSAGE_SEND', 'after the restart'],
      [1, 'RESUMED', { replayed: 1 }],
    ]);
  });
});
