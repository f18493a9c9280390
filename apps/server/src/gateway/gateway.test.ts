import { beforeAll, describe, expect, it } from 'vitest';
import { CloseCode, readySchema } from '@rally/shared/gateway/protocol';
import { call, withTestApp } from '../../test/helpers/app';
import { makeChannel, makeMessage, makeTeam, makeUser, signIn, type TeamFixture, type TestUser } from '../../test/helpers/factories';
import { hashPassword } from '../modules/auth/password';
import { setPasswordHash } from '../modules/auth/password-reset-repository';
import { listOutboxMails } from '../modules/mail/repository';
import { findUserById } from '../modules/users/repository';
import { connectTo, gatewayUrl, type ConnectOptions, type TestClient, until } from './testing';

describe('gateway', () => {
  // Long enough for a RESUME sent right after the socket opens to arrive first on a busy machine.
  const ctx = withTestApp({ GATEWAY_RESUME_WAIT_MS: 250 }, { listen: true });
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  /** The team, with #staff hidden from everyone but the owner. */
  let team: TeamFixture & { staffId: string };

  /** A socket signed in as `user` (none: signed out). */
  const connect = (user?: TestUser, options: ConnectOptions = {}) => connectTo(ctx, { cookie: user?.cookie, ...options });

  /** A signed-in socket that has its READY (sent at once: a HEARTBEAT first skips the resume wait). */
  async function ready(user: TestUser): Promise<{ client: TestClient; ready: Awaited<ReturnType<TestClient['next']>> }> {
    const client = connect(user);
    await client.opened;
    const frame = await client.next('READY');
    return { client, ready: frame };
  }

  const publishMessage = (channelId: string, content: string) =>
    ctx.app.bus.publish({
      audience: { kind: 'channel', channelId },
      event: { type: 'MESSAGE_SEND', data: makeMessage(channelId, { content, author: owner }) },
    });

  beforeAll(async () => {
    owner = await makeUser(ctx.app, 'owner');
    member = await makeUser(ctx.app, 'member');
    outsider = await makeUser(ctx.app, 'outsider');
    const made = await makeTeam(ctx.app, owner, { members: [member] });
    const staffId = await makeChannel(ctx.app, made.teamId, { name: 'staff', parentId: made.categoryId, priority: 1, hiddenFrom: [made.teamId] });
    team = { ...made, staffId };
  });

  it('sends READY with the user and the teams, channels, categories and roles the user may see', async () => {
    const { ready: frame } = await ready(member);
    expect(frame.seq).toBe(0);
    const data = readySchema.parse(frame.data);
    expect(data.version).toBe(1);
    expect(data.sessionId).toMatch(/^[\w-]{16,64}$/);
    expect(data.heartbeatInterval).toBe(ctx.config.GATEWAY_HEARTBEAT_INTERVAL_MS);
    expect(data.suspendedTeamLength).toBe(0);
    expect(data.user).toMatchObject({ id: member.id, username: 'member', email: member.email });
    expect(data.teams.map((t) => t.id)).toEqual([team.teamId]);
    expect(data.channels.map((c) => c.id)).toEqual([team.generalId]); // #staff is hidden from members
    expect(data.categories.map((c) => c.id)).toEqual([team.categoryId]);
    expect(data.roles.map((r) => r.id)).toEqual([team.teamId]);

    const owners = readySchema.parse((await ready(owner)).ready.data);
    expect(owners.channels.map((c) => c.id).sort()).toEqual([team.generalId, team.staffId].sort());

    const outsiders = readySchema.parse((await ready(outsider)).ready.data);
    expect(outsiders.teams).toEqual([]);
    expect(outsiders.channels).toEqual([]);
  });

  it('sends READY at once when the first frame is not RESUME, and acknowledges heartbeats with the last seq', async () => {
    const client = connect(member);
    await client.opened;
    client.send({ type: 'HEARTBEAT', data: { seq: null } });
    const frames = [await client.next(), await client.next()];
    expect(frames.map((f) => f.type).sort()).toEqual(['HEARTBEAT_ACK', 'READY']);
    await publishMessage(team.generalId, 'hello');
    expect((await client.next('MESSAGE_SEND')).seq).toBe(1);
    client.send({ type: 'HEARTBEAT', data: { seq: 1 } });
    expect(await client.next()).toEqual({ type: 'HEARTBEAT_ACK', data: {}, seq: 1 });
  });

  it('closes with INVALID_FRAME on a frame that is not JSON or does not match the schema', async () => {
    const a = (await ready(member)).client;
    a.sendRaw('not json');
    expect((await a.closed).code).toBe(CloseCode.INVALID_FRAME);
    const b = (await ready(member)).client;
    b.send({ type: 'HEARTBEAT', data: { seq: 'one' } });
    expect((await b.closed).code).toBe(CloseCode.INVALID_FRAME);
    const c = (await ready(member)).client;
    c.send({ type: 'NOPE', data: {} });
    expect((await c.closed).code).toBe(CloseCode.INVALID_FRAME);
  });

  it('closes a frame over the payload limit with 1009', async () => {
    const { client } = await ready(member);
    client.sendRaw(JSON.stringify({ type: 'HEARTBEAT', data: { pad: 'x'.repeat(ctx.config.GATEWAY_MAX_PAYLOAD_BYTES) } }));
    expect((await client.closed).code).toBe(1009);
  });

  it('closes an unauthenticated socket with NOT_AUTHENTICATED', async () => {
    const none = connect();
    await none.opened;
    expect((await none.closed).code).toBe(CloseCode.NOT_AUTHENTICATED);
    const forged = connect(undefined, { cookie: `rally_session=${encodeURIComponent(`${member.token}.forged`)}` });
    expect((await forged.closed).code).toBe(CloseCode.NOT_AUTHENTICATED);
    expect(none.frames).toEqual([]);
  });

  it('refuses a foreign Origin (cross-site WebSocket hijacking) with 403, and accepts our own', async () => {
    const foreign = connect(member, { origin: 'https://evil.example' });
    await expect(foreign.opened).rejects.toThrow(/403/);
    expect(foreign.refusedStatus).toBe(403);

    const host = new URL(gatewayUrl(ctx.app)).host;
    const own = connect(member, { origin: `http://${host}` });
    await own.opened;
    await own.next('READY');
    const configured = connect(member, { origin: new URL(ctx.config.PUBLIC_URL).origin });
    await configured.next('READY');
  });

  it('refuses a visitor from a blocked region with 451, and other paths', async () => {
    const blocked = connect(member, { headers: { 'cf-ipcountry': 'US' } });
    await expect(blocked.opened).rejects.toThrow(/451/);
    const elsewhere = connect(member, { path: '/api/v1/other' });
    await expect(elsewhere.opened).rejects.toThrow();
  });

  it('delivers by audience: a channel to those who see it, a team to its members, users to their sessions', async () => {
    const m = (await ready(member)).client;
    const o = (await ready(owner)).client;
    const x = (await ready(outsider)).client;

    await publishMessage(team.generalId, 'for the team');
    await publishMessage(team.staffId, 'for staff');
    await ctx.app.bus.publish({
      audience: { kind: 'circles', circles: [{ teamIds: [team.teamId], userIds: [] }] },
      event: { type: 'PRESENCE_UPDATE', data: { presences: [{ userId: owner.id, presence: 2 }] } },
    });
    await ctx.app.bus.publish({
      audience: { kind: 'circles', circles: [{ teamIds: [], userIds: [outsider.id, member.id] }] },
      event: { type: 'PRESENCE_UPDATE', data: { presences: [{ userId: 'x', presence: 3 }] } },
    });

    const mFrames = [await m.next(), await m.next(), await m.next()];
    expect(mFrames.map((f) => [f.seq, f.type, f.data.content ?? f.data.presences[0].presence])).toEqual([
      [1, 'MESSAGE_SEND', 'for the team'],
      [2, 'PRESENCE_UPDATE', 2],
      [3, 'PRESENCE_UPDATE', 3],
    ]);
    const oFrames = [await o.next(), await o.next(), await o.next()];
    expect(oFrames.map((f) => [f.seq, f.data.content ?? f.data.presences[0].presence])).toEqual([
      [1, 'for the team'],
      [2, 'for staff'],
      [3, 2],
    ]);
    // The outsider's first frame is the one addressed to them: nothing of the team reached them.
    const xFrame = await x.next();
    expect([xFrame.seq, xFrame.type, xFrame.data.presences]).toEqual([1, 'PRESENCE_UPDATE', [{ userId: 'x', presence: 3 }]]);
    expect(m.unread()).toEqual([]);
  });

  it('subscribes a session to a team and its channels on USER_JOINED_TEAM', async () => {
    const joiner = await makeUser(ctx.app, 'joiner');
    const { client } = await ready(joiner);
    const other = await makeTeam(ctx.app, owner, { name: 'Other', members: [joiner] });
    const readyOfOwner = readySchema.parse((await ready(owner)).ready.data);
    const general = readyOfOwner.channels.find((c) => c.id === other.generalId)!;
    await ctx.app.bus.publish({
      audience: { kind: 'users', userIds: [joiner.id] },
      event: {
        type: 'USER_JOINED_TEAM',
        data: { team: readyOfOwner.teams.find((t) => t.id === other.teamId)!, channels: [general], categories: [], roles: [] },
      },
    });
    expect((await client.next()).type).toBe('USER_JOINED_TEAM');
    await publishMessage(other.generalId, 'welcome');
    await ctx.app.bus.publish({
      audience: { kind: 'circles', circles: [{ teamIds: [other.teamId], userIds: [] }] },
      event: { type: 'PRESENCE_UPDATE', data: { presences: [{ userId: owner.id, presence: 1 }] } },
    });
    const frames = [await client.next(), await client.next()];
    expect(frames.map((f) => [f.seq, f.type])).toEqual([
      [2, 'MESSAGE_SEND'],
      [3, 'PRESENCE_UPDATE'],
    ]);
  });

  it('stores a PRESENCE_UPDATE frame and tells the teammates', async () => {
    const o = (await ready(owner)).client;
    const m = (await ready(member)).client;
    m.send({ type: 'PRESENCE_UPDATE', data: { presence: 3 } });
    const seen = await o.next('PRESENCE_UPDATE');
    expect(seen.data).toEqual({ presences: [{ userId: member.id, presence: 3 }] });
    expect((await m.next('PRESENCE_UPDATE')).data).toEqual({ presences: [{ userId: member.id, presence: 3 }] });
    expect((await findUserById(ctx.app.db, member.id))?.presence).toBe(3);
  });

  it('accepts CHANNEL_MOUNTED for a visible channel without answering', async () => {
    const { client } = await ready(member);
    client.send({ type: 'CHANNEL_MOUNTED', data: { channelId: team.generalId, teamId: team.teamId } });
    client.send({ type: 'HEARTBEAT', data: {} });
    expect((await client.next()).type).toBe('HEARTBEAT_ACK');
  });

  it('resumes a dropped session: every event published meanwhile, in order, then RESUMED, then live', async () => {
    const { client, ready: frame } = await ready(member);
    const sessionId = frame.data.sessionId as string;
    await publishMessage(team.generalId, 'm1');
    expect((await client.next()).seq).toBe(1);
    const before = ctx.app.gateway.connectionCount();
    client.drop();
    await until(() => ctx.app.gateway.connectionCount() < before, 'the server to see the drop');

    for (const content of ['m2', 'm3', 'm4']) await publishMessage(team.generalId, content);
    await publishMessage(team.staffId, 'not for members');

    const again = connect(member);
    await again.opened;
    again.send({ type: 'RESUME', data: { sessionId, seq: 1 } });
    const replay = [await again.next(), await again.next(), await again.next(), await again.next()];
    expect(replay.map((f) => [f.seq, f.type, f.data.content ?? f.data])).toEqual([
      [2, 'MESSAGE_SEND', 'm2'],
      [3, 'MESSAGE_SEND', 'm3'],
      [4, 'MESSAGE_SEND', 'm4'],
      [4, 'RESUMED', { replayed: 3 }],
    ]);
    await publishMessage(team.generalId, 'm5');
    const live = await again.next();
    expect([live.seq, live.data.content]).toEqual([5, 'm5']);
    expect(again.frames.some((f) => f.type === 'READY')).toBe(false);

    // A client that lost frames in flight resumes from an earlier seq and gets them again.
    again.drop();
    await until(() => ctx.app.gateway.connectionCount() < before, 'the server to see the second drop');
    const third = connect(member);
    await third.opened;
    third.send({ type: 'RESUME', data: { sessionId, seq: 3 } });
    const again2 = [await third.next(), await third.next(), await third.next()];
    expect(again2.map((f) => [f.seq, f.type])).toEqual([
      [4, 'MESSAGE_SEND'],
      [5, 'MESSAGE_SEND'],
      [5, 'RESUMED'],
    ]);
  });

  it('resumes a session whose old socket the server has not seen closing yet', async () => {
    const { client, ready: frame } = await ready(member);
    await publishMessage(team.generalId, 'a');
    await client.next('MESSAGE_SEND');
    const again = connect(member);
    await again.opened;
    again.send({ type: 'RESUME', data: { sessionId: frame.data.sessionId, seq: 0 } });
    const frames = [await again.next(), await again.next()];
    expect(frames.map((f) => [f.seq, f.type])).toEqual([
      [1, 'MESSAGE_SEND'],
      [1, 'RESUMED'],
    ]);
  });

  it('answers RESUME of an unknown session, or of another user, with INVALID_SESSION and closes', async () => {
    const unknown = connect(member);
    await unknown.opened;
    unknown.send({ type: 'RESUME', data: { sessionId: 'no-such-session', seq: 0 } });
    expect(await unknown.next()).toEqual({ type: 'INVALID_SESSION', data: { resumable: false }, seq: 0 });
    await unknown.closed;

    const { client, ready: frame } = await ready(member);
    client.drop();
    const thief = connect(outsider);
    await thief.opened;
    thief.send({ type: 'RESUME', data: { sessionId: frame.data.sessionId, seq: 0 } });
    expect((await thief.next()).type).toBe('INVALID_SESSION');
    await thief.closed;
  });

  it('answers a RESUME with a seq ahead of the session with INVALID_SESSION', async () => {
    const { client, ready: frame } = await ready(member);
    client.close();
    await client.closed;
    const again = connect(member);
    await again.opened;
    again.send({ type: 'RESUME', data: { sessionId: frame.data.sessionId, seq: 99 } });
    expect((await again.next()).type).toBe('INVALID_SESSION');
  });

  it('closes with ALREADY_STARTED on a RESUME that is not the first frame', async () => {
    const { client, ready: frame } = await ready(member);
    client.send({ type: 'HEARTBEAT', data: {} });
    await client.next('HEARTBEAT_ACK');
    client.send({ type: 'RESUME', data: { sessionId: frame.data.sessionId, seq: 0 } });
    expect((await client.closed).code).toBe(CloseCode.ALREADY_STARTED);
  });

  it('closes the sockets of a signed-out session with SESSION_ENDED, and they cannot resume', async () => {
    const signedIn = await makeUser(ctx.app, 'leaver');
    const a = await ready(signedIn);
    const b = await ready(signedIn);
    const bystander = (await ready(member)).client;
    ctx.app.gateway.closeSessionsOfToken(signedIn.token);
    expect((await a.client.closed).code).toBe(CloseCode.SESSION_ENDED);
    expect((await b.client.closed).code).toBe(CloseCode.SESSION_ENDED);
    const again = connect(signedIn);
    await again.opened;
    again.send({ type: 'RESUME', data: { sessionId: a.ready.data.sessionId, seq: 0 } });
    expect((await again.next()).type).toBe('INVALID_SESSION');
    bystander.send({ type: 'HEARTBEAT', data: {} });
    expect((await bystander.next()).type).toBe('HEARTBEAT_ACK');
  });

  it('closes the sockets with SESSION_ENDED when the user signs out through the API', async () => {
    const signedIn = await makeUser(ctx.app, 'logout');
    const { client } = await ready(signedIn);
    const res = await call(ctx.app, 'POST', '/api/v1/logout', { cookie: signedIn.cookie });
    expect(res.statusCode).toBe(200);
    expect((await client.closed).code).toBe(CloseCode.SESSION_ENDED);
  });

  it('closes the sockets of a session signed out from the sessions list, and of the others signed out at once', async () => {
    const user = await makeUser(ctx.app, 'devices');
    const laptop = { ...user, ...(await signIn(ctx.app, user.id)) };
    const phone = { ...user, ...(await signIn(ctx.app, user.id)) };
    const [mine, onLaptop, onPhone] = [(await ready(user)).client, (await ready(laptop)).client, (await ready(phone)).client];
    const listed = (await call(ctx.app, 'GET', '/api/v1/me/sessions', { cookie: laptop.cookie })).json().sessions as { id: string; current: boolean }[];
    const laptopId = listed.find((s) => s.current)!.id;
    const phoneId = ((await call(ctx.app, 'GET', '/api/v1/me/sessions', { cookie: phone.cookie })).json().sessions as typeof listed).find((s) => s.current)!.id;
    expect((await call(ctx.app, 'DELETE', `/api/v1/me/sessions/${laptopId}`, { cookie: user.cookie })).statusCode).toBe(200);
    expect((await onLaptop.closed).code).toBe(CloseCode.SESSION_ENDED);
    expect((await call(ctx.app, 'DELETE', '/api/v1/me/sessions', { cookie: user.cookie })).json().ended).toBe(1);
    expect((await onPhone.closed).code).toBe(CloseCode.SESSION_ENDED);
    // The session that stays hears of each sign-out (its sessions list follows), and stays open.
    expect(await mine.next()).toMatchObject({ type: 'SESSIONS_REVOKED', data: { ids: [laptopId] } });
    expect(await mine.next()).toMatchObject({ type: 'SESSIONS_REVOKED', data: { ids: [phoneId] } });
    mine.send({ type: 'HEARTBEAT', data: {} });
    expect((await mine.next()).type).toBe('HEARTBEAT_ACK');
  });

  it('closes the sockets of every session of a user whose password is reset', async () => {
    const user = await makeUser(ctx.app, 'resetting');
    const elsewhere = { ...user, ...(await signIn(ctx.app, user.id)) };
    const sockets = [(await ready(user)).client, (await ready(elsewhere)).client];
    const bystander = (await ready(member)).client;
    expect((await call(ctx.app, 'POST', '/api/v1/resetpassword/request', { body: { email: user.email } })).statusCode).toBe(200);
    await ctx.app.mailer.idle();
    const mail = (await listOutboxMails(ctx.app.db, 10)).find((m) => m.to === user.email);
    const token = mail?.text.match(/\/resetpassword\/([\w-]+)/)?.[1];
    const res = await call(ctx.app, 'POST', '/api/v1/resetpassword/reset', { body: { token, password: 'a new secret' } });
    expect(res.statusCode).toBe(200);
    for (const socket of sockets) expect((await socket.closed).code).toBe(CloseCode.SESSION_ENDED);
    bystander.send({ type: 'HEARTBEAT', data: {} });
    expect((await bystander.next()).type).toBe('HEARTBEAT_ACK');
  });

  it("a password change closes the user's other sessions' sockets and keeps this one's", async () => {
    const user = await makeUser(ctx.app, 'changing');
    await setPasswordHash(ctx.app.db, user.id, await hashPassword('the old secret'));
    const elsewhere = { ...user, ...(await signIn(ctx.app, user.id)) };
    const here = (await ready(user)).client;
    const other = (await ready(elsewhere)).client;
    const res = await call(ctx.app, 'POST', '/api/v1/me/profile/password', {
      cookie: user.cookie,
      body: { oldPassword: 'the old secret', newPassword: 'a new secret' },
    });
    expect(res.statusCode).toBe(200);
    expect((await other.closed).code).toBe(CloseCode.SESSION_ENDED);
    expect((await here.next()).type).toBe('SESSIONS_REVOKED');
    here.send({ type: 'HEARTBEAT', data: {} });
    expect((await here.next()).type).toBe('HEARTBEAT_ACK');
  });

  it('closes every socket of a deleted account', async () => {
    const user = await makeUser(ctx.app, 'leaving');
    await setPasswordHash(ctx.app.db, user.id, await hashPassword('the secret'));
    const elsewhere = { ...user, ...(await signIn(ctx.app, user.id)) };
    const sockets = [(await ready(user)).client, (await ready(elsewhere)).client];
    const res = await call(ctx.app, 'DELETE', '/api/v1/me', { cookie: user.cookie, body: { password: 'the secret' } });
    expect(res.statusCode).toBe(200);
    for (const socket of sockets) expect((await socket.closed).code).toBe(CloseCode.SESSION_ENDED);
  });
});
