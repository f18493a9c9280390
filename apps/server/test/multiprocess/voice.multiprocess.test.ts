import { signerFactory } from '@fastify/cookie';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@rally/shared/api/common';
import { voiceJoinSchema, type VoiceJoin } from '@rally/shared/api/voice';
import type { DatabaseHandle } from '../../src/db/client';
import { TestClient, type TestFrame } from '../../src/gateway/testing';
import { openTestDatabase } from '../helpers/database';
import { makeChannel, makeTeam, makeUser, type TestUser, type WithSigner } from '../helpers/factories';
import { dropRedisKeys, readyOn, sharedSettings } from '../helpers/multiprocess';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { TestVoiceClient } from '../helpers/voice-client';

/**
 * Voice over two real server processes on one PostgreSQL and one Redis, each with its embedded
 * SFU: a room is on one node whichever process hands out the token, a signalling socket opened on
 * the other process is passed to the node's, the states and VOICE_* events are the same on both, a
 * disconnect through one process reaches a node of the other, a member kicked through one process
 * is taken out of a room on the other's node, and when a process is killed the other sweeps its
 * node's participants out once its entry expires.
 */
const shared = sharedSettings();
const env = {
  ...shared,
  ALLOWED_REGIONS: '*',
  GATEWAY_PRESENCE_ON_CONNECT: 'false',
  // A killed process's node is taken for gone after 1.5 s (beats every 0.5 s).
  VOICE_NODE_TTL_MS: '1500',
};

describe('voice over two server processes', () => {
  let database: (DatabaseHandle & { url?: string }) | undefined;
  let rows: WithSigner;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  const sockets: TestClient[] = [];
  const voices: TestVoiceClient[] = [];

  async function api(server: ServerProcess, who: TestUser, method: string, path: string): Promise<Response> {
    return fetch(`http://127.0.0.1:${server.port}${path}`, { method, headers: { cookie: who.cookie, [CSRF_HEADER]: '1' } });
  }

  const ready = (server: ServerProcess, who: TestUser) => readyOn(server, who, sockets);

  /** Who is in each voice channel of the team, asked through `server`. */
  async function inVoice(server: ServerProcess, who: TestUser, teamId: string): Promise<Record<string, { userId: string }[]>> {
    const res = await api(server, who, 'GET', `/api/v1/teams/${teamId}/voice`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { channels: Record<string, { userId: string }[]> }).channels;
  }

  async function token(server: ServerProcess, who: TestUser, teamId: string, channelId: string): Promise<VoiceJoin> {
    const res = await api(server, who, 'GET', `/api/v1/teams/${teamId}/channels/${channelId}/join`);
    expect(res.status).toBe(200);
    return voiceJoinSchema.parse(await res.json());
  }

  /** Open the signalling socket of `answer` on `server` (not necessarily the one that answered) and join. */
  async function enter(server: ServerProcess, answer: VoiceJoin): Promise<TestVoiceClient> {
    const client = await TestVoiceClient.connect(`ws://127.0.0.1:${server.port}${answer.endpoint}`);
    voices.push(client);
    client.send({ op: 'join', token: answer.token });
    await client.next('joined');
    return client;
  }

  /** The next VOICE_* frame of `type` about `userId` (others skipped). */
  async function heard(client: TestClient, type: string, userId: string): Promise<TestFrame> {
    for (;;) {
      const frame = await client.next(type, 15_000);
      const about = (frame.data.userId ?? frame.data.participant?.userId) as string;
      if (about === userId) return frame;
    }
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    if (!database.url) throw new Error('openTestDatabase gave no PostgreSQL database: is DATABASE_URL set?');
    const signer = signerFactory(shared.COOKIE_SECRET);
    rows = { db: database.db, signCookie: (t) => signer.sign(t) };
    [a, b] = await Promise.all([startServer({ ...env, DATABASE_URL: database.url }), startServer({ ...env, DATABASE_URL: database.url })]);
  });

  afterEach(async () => {
    await Promise.all(voices.splice(0).map((v) => v.close()));
  });

  afterAll(async () => {
    for (const c of sockets) c.drop();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await dropRedisKeys(shared.REDIS_URL, shared.REDIS_PREFIX);
  });

  it("keeps a room on one process's node, the states and events shared, and kicks and vanishings carried across", async () => {
    const owner = await makeUser(rows, 'owner');
    const member = await makeUser(rows, 'member');
    const watcherUser = await makeUser(rows, 'watcher');
    const team = await makeTeam(rows, owner, { members: [member, watcherUser] });
    const voiceId = await makeChannel(rows, team.teamId, { type: 'voice', name: 'Lounge' });
    const watcher = await ready(b!, watcherUser);

    // The owner's token comes from A: the room is pinned to A's node. Their socket goes through B.
    const fromA = await token(a!, owner, team.teamId, voiceId);
    expect(fromA.endpoint).toMatch(/^\/api\/v1\/voice\/sfu\?node=/);
    const ownerVoice = await enter(b!, fromA);
    expect((await heard(watcher, 'VOICE_JOINED', owner.id)).data).toMatchObject({ channelId: voiceId, participant: { muted: false } });
    expect((await inVoice(b!, member, team.teamId))[voiceId]).toMatchObject([{ userId: owner.id }]);

    // The member's token comes from B: the same node, so the two meet in one room.
    const fromB = await token(b!, member, team.teamId, voiceId);
    expect(fromB.endpoint).toBe(fromA.endpoint);
    const memberVoice = await enter(b!, fromB);
    expect((await memberVoice.next('joined')).participants.map((p) => p.userId)).toContain(owner.id);
    await heard(watcher, 'VOICE_JOINED', member.id);

    // A disconnect through B reaches the node of A.
    const kick = await api(b!, owner, 'POST', `/api/v1/teams/${team.teamId}/channels/${voiceId}/participants/${member.id}/disconnect`);
    expect(kick.status).toBe(200);
    expect((await memberVoice.next('error')).reason).toBe('voice_disconnected');
    await heard(watcher, 'VOICE_LEFT', member.id);

    // Vanishing without a word: the node reports it, A applies it, B's sessions hear it.
    ownerVoice.socket.terminate();
    expect((await heard(watcher, 'VOICE_LEFT', owner.id)).data).toEqual({ teamId: team.teamId, channelId: voiceId, userId: owner.id });
    expect(await inVoice(a!, member, team.teamId)).toEqual({});
    watcher.close();
  });

  it("takes a member kicked through one process out of a room on the other process's node", async () => {
    const owner = await makeUser(rows, 'owner3');
    const member = await makeUser(rows, 'member3');
    const team = await makeTeam(rows, owner, { members: [member] });
    const voiceId = await makeChannel(rows, team.teamId, { type: 'voice', name: 'Far' });
    const watcher = await ready(b!, owner);

    // Both on A's node, through A: B holds nothing of this room.
    const ownerVoice = await enter(a!, await token(a!, owner, team.teamId, voiceId));
    const memberVoice = await enter(a!, await token(a!, member, team.teamId, voiceId));
    await heard(watcher, 'VOICE_JOINED', member.id);

    expect((await api(b!, owner, 'DELETE', `/api/v1/teams/${team.teamId}/members/${member.id}`)).status).toBe(200);
    expect((await memberVoice.next('error')).reason).toBe('voice_team_left');
    expect(await memberVoice.closed()).toBe(4000);
    await ownerVoice.next('left', (m) => m.userId === member.id);
    expect((await heard(watcher, 'VOICE_LEFT', member.id)).data).toEqual({ teamId: team.teamId, channelId: voiceId, userId: member.id });
    expect((await inVoice(b!, owner, team.teamId))[voiceId]).toMatchObject([{ userId: owner.id }]);
    expect(ownerVoice.closeCode).toBeNull();
    watcher.close();
  });

  it("sweeps out the participants of a killed process's node, and the room moves to a live node", async () => {
    const owner = await makeUser(rows, 'owner2');
    const watcherUser = await makeUser(rows, 'watcher2');
    const team = await makeTeam(rows, owner, { members: [watcherUser] });
    const voiceId = await makeChannel(rows, team.teamId, { type: 'voice', name: 'Doomed' });
    const watcher = await ready(b!, watcherUser);
    const fromA = await token(a!, owner, team.teamId, voiceId);
    await enter(a!, fromA);
    await heard(watcher, 'VOICE_JOINED', owner.id);

    const killed = a!;
    const exited = new Promise((resolve) => killed.child.once('exit', resolve));
    killed.child.kill('SIGKILL'); // no shutdown of any kind: only the expiry of its node can tell
    await exited;
    expect((await heard(watcher, 'VOICE_LEFT', owner.id)).data).toEqual({ teamId: team.teamId, channelId: voiceId, userId: owner.id });

    const fromB = await token(b!, owner, team.teamId, voiceId);
    expect(fromB.endpoint).not.toBe(fromA.endpoint);
    await enter(b!, fromB);
    await heard(watcher, 'VOICE_JOINED', owner.id);
    watcher.close();
    a = undefined;
  });
});
