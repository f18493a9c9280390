import { beforeAll, describe, expect, it } from 'vitest';
import { CloseCode } from '@rally/shared/gateway/protocol';
import { Presence } from '@rally/shared/api/users';
import { withTestApp } from '../../test/helpers/app';
import { makeMessage, makeTeam, makeUser, signIn, type TeamFixture, type TestUser } from '../../test/helpers/factories';
import { findUserById } from '../modules/users/repository';
import { gatewayUrl, TestClient, until, type TestFrame } from './testing';

/**
 * What one signed-in user can do to the gateway: a probe opened 300 sockets for one user, each
 * sending presence updates inside the per-socket frame limit, and stalled every other request for
 * over a minute. Per-user limits, presence coalescing, and resume only by the session's owner.
 */
describe('gateway abuse by one user', () => {
  const ctx = withTestApp(
    {
      // Long enough for a RESUME sent right after the socket opens to arrive first on a busy machine.
      GATEWAY_RESUME_WAIT_MS: 250,
      GATEWAY_MAX_SOCKETS_PER_USER: 3,
      GATEWAY_FRAME_RATE: '100/60',
      GATEWAY_USER_FRAME_RATE: '30/60',
      GATEWAY_USER_CONNECT_RATE: '8/60',
      GATEWAY_PRESENCE_COALESCE_MS: 100,
    },
    { listen: true },
  );
  let url: string;
  const clients: TestClient[] = [];

  function open(user: TestUser): TestClient {
    const client = TestClient.connect(url, { cookie: user.cookie });
    clients.push(client);
    return client;
  }

  /** A socket with its READY (a first HEARTBEAT skips the resume wait). */
  async function ready(user: TestUser): Promise<{ client: TestClient; ready: TestFrame }> {
    const client = open(user);
    await client.opened;
    client.send({ type: 'HEARTBEAT', data: {} });
    return { client, ready: await client.next('READY') };
  }

  beforeAll(() => {
    url = gatewayUrl(ctx.app);
    ctx.onClose(() => {
      for (const c of clients) c.drop();
    });
  });

  it('caps the sockets one user holds: one more is closed with TOO_MANY_CONNECTIONS, other users are not affected', async () => {
    const user = await makeUser(ctx.app);
    const other = await makeUser(ctx.app);
    const held = [await ready(user), await ready(user), await ready(user)] as const;
    const extra = open(user);
    expect((await extra.closed).code).toBe(CloseCode.TOO_MANY_CONNECTIONS);
    expect(extra.frames).toEqual([]);
    await ready(other); // someone else still gets in

    // A socket that closes frees its place.
    held[0].client.close();
    await held[0].client.closed;
    await until(async () => {
      const probe = open(user);
      const outcome = await Promise.race([probe.next('READY', 2_000).then(() => 'ready'), probe.closed.then((c) => c.code)]);
      return outcome === 'ready';
    }, 'a place to free up');
  });

  it('limits how fast one user opens sockets, whatever the cap', async () => {
    const user = await makeUser(ctx.app);
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const client = open(user);
      await client.opened.catch(() => {});
      client.close();
      codes.push((await client.closed).code);
    }
    // 8 opens per window: the 9th and 10th are refused before any READY.
    expect(codes.slice(8)).toEqual([CloseCode.RATE_LIMITED, CloseCode.RATE_LIMITED]);
    expect(codes.slice(0, 8).every((c) => c !== CloseCode.RATE_LIMITED)).toBe(true);
  });

  it("counts the frames of all of a user's sockets together: the socket that passes the user limit is closed", async () => {
    const user = await makeUser(ctx.app);
    const a = await ready(user);
    const b = await ready(user);
    // Two frames went out already (the HEARTBEATs of ready()); 30 per user per window.
    for (let i = 0; i < 14; i++) {
      a.client.send({ type: 'HEARTBEAT', data: {} });
      b.client.send({ type: 'HEARTBEAT', data: {} });
    }
    const acks = (c: TestClient) => c.frames.filter((f) => f.type === 'HEARTBEAT_ACK').length;
    await until(() => acks(a.client) === 15 && acks(b.client) === 15, 'every heartbeat to be answered');
    // 30 frames so far, each socket far below its own limit of 100.
    b.client.send({ type: 'HEARTBEAT', data: {} });
    expect((await b.client.closed).code).toBe(CloseCode.RATE_LIMITED);
    expect(a.client.ws.readyState).toBe(a.client.ws.OPEN);
  });

  describe('presence', () => {
    let owner: TestUser;
    let mate: TestUser;
    let team: TeamFixture;

    beforeAll(async () => {
      owner = await makeUser(ctx.app);
      mate = await makeUser(ctx.app);
      team = await makeTeam(ctx.app, owner, { members: [mate] });
    });

    const marker = async (content: string) =>
      ctx.app.bus.publish({
        audience: { kind: 'channel', channelId: team.generalId },
        event: { type: 'MESSAGE_SEND', data: makeMessage(team.generalId, { content, author: owner }) },
      });

    it('coalesces a burst from several sockets into one write and one event with the aggregate presence', async () => {
      const watcher = (await ready(owner)).client;
      const sockets = [(await ready(mate)).client, (await ready(mate)).client] as const;
      // Many updates, alternating values, from two sockets; the last choices are IDLE and DND.
      for (let i = 0; i < 4; i++) {
        sockets[0].send({ type: 'PRESENCE_UPDATE', data: { presence: Presence.ONLINE } });
        sockets[0].send({ type: 'PRESENCE_UPDATE', data: { presence: Presence.IDLE } });
        sockets[1].send({ type: 'PRESENCE_UPDATE', data: { presence: Presence.IDLE } });
      }
      sockets[1].send({ type: 'PRESENCE_UPDATE', data: { presence: Presence.DND } });
      const update = await watcher.next('PRESENCE_UPDATE');
      expect(update.data).toEqual({ presences: [{ userId: mate.id, presence: Presence.DND }] }); // do-not-disturb wins over idle
      await until(async () => (await findUserById(ctx.app.db, mate.id))?.presence === Presence.DND, 'the stored presence');

      // The same aggregate again: nothing written, nothing sent. The next event the watcher gets is the marker.
      sockets[1].send({ type: 'PRESENCE_UPDATE', data: { presence: Presence.DND } });
      sockets[0].send({ type: 'PRESENCE_UPDATE', data: { presence: Presence.ONLINE } });
      await new Promise((resolve) => setTimeout(resolve, 400)); // let the coalescing window pass (not a timing assertion)
      await marker('after the unchanged presence');
      const next = await watcher.next();
      expect([next.type, next.data.content]).toEqual(['MESSAGE_SEND', 'after the unchanged presence']);
      for (const s of [watcher, ...sockets]) s.close();
    });
  });

  describe('resume', () => {
    it("a RESUME with another user's session id finds nothing and leaves the session resumable by its owner", async () => {
      const victim = await makeUser(ctx.app);
      const thief = await makeUser(ctx.app);
      const team = await makeTeam(ctx.app, victim);
      const { client, ready: frame } = await ready(victim);
      const sessionId = frame.data.sessionId as string;
      client.drop();
      await ctx.app.bus.publish({
        audience: { kind: 'channel', channelId: team.generalId },
        event: { type: 'MESSAGE_SEND', data: makeMessage(team.generalId, { content: 'while away', author: victim }) },
      });

      for (let i = 0; i < 2; i++) {
        const attempt = open(thief);
        await attempt.opened;
        attempt.send({ type: 'RESUME', data: { sessionId, seq: 0 } });
        expect(await attempt.next()).toEqual({ type: 'INVALID_SESSION', data: { resumable: false }, seq: 0 });
        await attempt.closed;
      }

      const back = open(victim);
      await back.opened;
      back.send({ type: 'RESUME', data: { sessionId, seq: 0 } });
      const frames = [await back.next(), await back.next()];
      expect(frames.map((f) => [f.seq, f.type, f.data.content ?? f.data])).toEqual([
        [1, 'MESSAGE_SEND', 'while away'],
        [1, 'RESUMED', { replayed: 1 }],
      ]);
    });

    it('a RESUME from another sign-in of the same user does not take the session either', async () => {
      const user = await makeUser(ctx.app);
      const { client, ready: frame } = await ready(user);
      client.drop();
      // A second sign-in of the same user: same user id, another session token.
      const { cookie: secondCookie } = await signIn(ctx.app, user.id);

      const attempt = TestClient.connect(url, { cookie: secondCookie });
      clients.push(attempt);
      await attempt.opened;
      attempt.send({ type: 'RESUME', data: { sessionId: frame.data.sessionId, seq: 0 } });
      expect((await attempt.next()).type).toBe('INVALID_SESSION');

      const back = open(user);
      await back.opened;
      back.send({ type: 'RESUME', data: { sessionId: frame.data.sessionId, seq: 0 } });
      expect(await back.next()).toEqual({ type: 'RESUMED', data: { replayed: 0 }, seq: 0 });
    });
  });
});
