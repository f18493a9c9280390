import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { voiceJoinSchema } from '@rally/shared/api/voice';
import { call, withTestApp } from '../../test/helpers/app';
import { makeChannel, makeTeam, makeUser, type TestUser } from '../../test/helpers/factories';
import { freePort, startSfuNode, type SfuNodeProcess } from '../../test/helpers/sfu-node';
import { joinVoice, TestVoiceClient } from '../../test/helpers/voice-client';
import { signNodeHello, SFU_NODE_LINK_PATH } from '../sfu/ipc';
import { readyClient, until } from './testing';

const SECRET = 'remote-node-secret-remote-node-secret-0123';

/**
 * A remote SFU node (a standalone sfu/main.ts process, SFU_NODES): it links to the API over the
 * signed node link, joins to a channel of its region get its own address, its reports reach the
 * channel, kicks reach it, and when it dies its participants are swept out once VOICE_NODE_TTL_MS
 * passed. Runs on PGlite with the in-process states, and on PostgreSQL + Redis with the Redis ones.
 */
describe('remote SFU nodes', () => {
  let nodePort = 0;
  let node: SfuNodeProcess | null = null;
  beforeAll(async () => {
    nodePort = await freePort();
  });
  const ctx = withTestApp(
    () => ({
      SFU_SECRET: SECRET,
      SFU_NODES: JSON.stringify([{ id: 'eu1', region: 'eu-central-1', url: `ws://127.0.0.1:${nodePort}` }]),
      VOICE_NODE_TTL_MS: '900',
    }),
    { listen: true },
  );
  const apiPort = () => (ctx.app.server.address() as AddressInfo).port;
  const clients: TestVoiceClient[] = [];

  async function startNode(): Promise<SfuNodeProcess> {
    node = await startSfuNode({
      SFU_SECRET: SECRET,
      SFU_PORT: String(nodePort),
      SFU_REGION: 'eu-central-1',
      SFU_NODE_ID: 'eu1',
      SFU_API_URL: `ws://127.0.0.1:${apiPort()}${SFU_NODE_LINK_PATH}`,
    });
    await until(() => ctx.app.voice.linkedNodes().includes('eu1'), 'the node linked');
    return node;
  }

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await node?.kill();
  });

  const join = (who: TestUser, teamId: string, channelId: string) => joinVoice(ctx.app, clients, who, teamId, channelId);

  it('refuses a node link without a valid hello', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${apiPort()}${SFU_NODE_LINK_PATH}`);
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify(signNodeHello('another-secret-another-secret-another-0', 'eu1')));
    expect(await new Promise((resolve) => socket.once('close', resolve))).toBe(4001);
    const unknown = new WebSocket(`ws://127.0.0.1:${apiPort()}${SFU_NODE_LINK_PATH}`);
    await new Promise((resolve) => unknown.once('open', resolve));
    unknown.send(JSON.stringify(signNodeHello(SECRET, 'not-configured')));
    expect(await new Promise((resolve) => unknown.once('close', resolve))).toBe(4001);
  });

  it('sends joins of its region to the node; its reports, kicks and stats flow over the link; its death is swept', async () => {
    const owner = await makeUser(ctx.app, 'owner');
    const mate = await makeUser(ctx.app, 'mate');
    const team = await makeTeam(ctx, owner, { members: [mate] });
    const euId = await makeChannel(ctx, team.teamId, { type: 'voice', name: 'Berlin' });
    const set = await call(ctx.app, 'PATCH', `/api/v1/teams/${team.teamId}/channels/${euId}/region`, {
      cookie: owner.cookie,
      body: { region: 'eu-central-1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const usId = await makeChannel(ctx, team.teamId, { type: 'voice', name: 'Virginia' });
    await startNode();
    const { client: mateSocket } = await readyClient(ctx, mate);

    // A channel of the node's region: the node's own address; another region: the embedded SFU.
    const { client, answer } = await join(owner, team.teamId, euId);
    expect(answer.endpoint).toBe(`ws://127.0.0.1:${nodePort}`);
    expect((await mateSocket.next('VOICE_JOINED')).data).toMatchObject({ channelId: euId, participant: { userId: owner.id } });
    const states = await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/voice`, { cookie: mate.cookie });
    expect(states.json().channels[euId]).toMatchObject([{ userId: owner.id }]);
    const us = await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/channels/${usId}/join`, { cookie: mate.cookie });
    expect(voiceJoinSchema.parse(us.json()).endpoint).toBe(`/api/v1/voice/sfu?node=${ctx.app.voice.embeddedId}`);

    client.send({ op: 'state', muted: true, deafened: false, speaking: false });
    expect((await mateSocket.next('VOICE_UPDATED')).data.participant).toMatchObject({ userId: owner.id, muted: true });
    expect(await ctx.app.voice.stats('eu1')).toMatchObject({ rooms: 1, participants: 1 });

    // A moderator's disconnect goes down the link.
    const kicked = await call(ctx.app, 'POST', `/api/v1/teams/${team.teamId}/channels/${euId}/participants/${owner.id}/disconnect`, { cookie: owner.cookie });
    expect(kicked.statusCode, kicked.body).toBe(200);
    expect((await client.next('error')).reason).toBe('voice_disconnected');
    expect((await mateSocket.next('VOICE_LEFT')).data).toEqual({ teamId: team.teamId, channelId: euId, userId: owner.id });

    // A client that vanishes without a word is reported gone by the node.
    const again = await join(owner, team.teamId, euId);
    await mateSocket.next('VOICE_JOINED', 10_000);
    again.client.socket.terminate();
    expect((await mateSocket.next('VOICE_LEFT')).data.userId).toBe(owner.id);

    // The node dies: once its entry expires its participants are swept out, and joins fall back to the embedded SFU.
    await join(mate, team.teamId, euId);
    await mateSocket.next('VOICE_JOINED', 10_000);
    await node!.kill();
    expect((await mateSocket.next('VOICE_LEFT', 15_000)).data).toEqual({ teamId: team.teamId, channelId: euId, userId: mate.id });
    expect(await ctx.app.voice.states.count(euId)).toBe(0);
    await until(async () => {
      const fallback = await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/channels/${euId}/join`, { cookie: owner.cookie });
      return voiceJoinSchema.parse(fallback.json()).endpoint.startsWith('/api/v1/voice/sfu?node=');
    }, 'joins of the region fall back to the embedded SFU');
  });
});
