import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestVoiceClient, vp8KeyFrame } from '../../test/helpers/voice-client';
import { until } from '../gateway/testing';
import { SignalingServer } from './signaling';
import { signVoiceToken, type VoiceGrant } from './token';
import { WeriftEngine } from './werift/engine';

const SECRET = 'sfu-test-secret';
const CAP = { width: 1280, height: 720, fps: 30 };

/** Two screens at once per room (VOICE_MAX_SCREENSHARES), so that the third is refused. */
const engine = new WeriftEngine({ iceServers: [], loopback: true }, { maxScreenShares: 2 });
const reports: string[] = [];
const signaling = new SignalingServer(engine, SECRET, {
  joined: (grant) => reports.push(`joined ${grant.userId} ${grant.channelId}`),
  changed: (grant, state) => reports.push(`changed ${grant.userId} ${state.muted ? 'muted' : 'unmuted'} ${state.sources.join('+')}`),
  left: (grant) => reports.push(`left ${grant.userId} ${grant.channelId}`),
});
const server = http.createServer();
server.on('upgrade', (request, socket, head) => signaling.handleUpgrade(request, socket, head));
let url = '';
const clients: TestVoiceClient[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  reports.length = 0;
});
afterAll(async () => {
  await signaling.close();
  await engine.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const grant = (userId: string, channelId = 'room-1', overrides: Partial<VoiceGrant> = {}): VoiceGrant => ({
  userId,
  teamId: 'team-1',
  channelId,
  screenCap: CAP,
  exp: Date.now() + 60_000,
  ...overrides,
});

async function join(userId: string, channelId = 'room-1'): Promise<TestVoiceClient> {
  const client = await TestVoiceClient.connect(url);
  clients.push(client);
  client.send({ op: 'join', token: signVoiceToken(SECRET, grant(userId, channelId)) });
  await client.next('joined');
  return client;
}

/** An Opus-sized payload; the SFU does not read audio. */
const opus = () => Buffer.alloc(80, 1);

describe('SFU signalling', () => {
  it('refuses a forged, expired or missing token with 4001, and anything before join', async () => {
    const forged = await TestVoiceClient.connect(url);
    clients.push(forged);
    forged.send({ op: 'join', token: signVoiceToken('another-secret', grant('1')) });
    expect(await forged.closed()).toBe(4001);

    const expired = await TestVoiceClient.connect(url);
    clients.push(expired);
    expired.send({ op: 'join', token: signVoiceToken(SECRET, grant('1', 'room-1', { exp: Date.now() - 1 })) });
    expect(await expired.closed()).toBe(4001);

    const early = await TestVoiceClient.connect(url);
    clients.push(early);
    early.send({ op: 'publish', source: 'microphone' });
    expect(await early.closed()).toBe(4001);

    const garbage = await TestVoiceClient.connect(url);
    clients.push(garbage);
    garbage.send({ op: 'dance' });
    expect(await garbage.closed()).toBe(4002);
    expect(reports).toEqual([]);
  });

  it('knows who is in the rooms with their last state (a node snapshot), and forgets a client that vanished', async () => {
    const carol = await join('carol', 'room-snapshot');
    expect(signaling.participants()).toEqual([{ grant: expect.objectContaining({ userId: 'carol', channelId: 'room-snapshot' }), state: null }]);
    carol.send({ op: 'state', muted: true, deafened: false, speaking: false });
    await until(() => signaling.participants()[0]?.state?.muted === true, 'the state is kept');
    carol.socket.terminate();
    await until(() => signaling.participants().length === 0, 'the vanished client is forgotten');
    await until(() => reports.includes('left carol room-snapshot'), 'and reported left');
  });

  it("forwards one participant's microphone to the other, and tells the room who comes and goes", async () => {
    const alice = await join('alice');
    const bob = await join('bob');
    expect((await bob.next('joined')).participants.map((p) => p.userId)).toEqual(['alice']);
    await alice.next('participant', (m) => m.participant.userId === 'bob');

    alice.publish('microphone', opus);
    await until(() => bob.receivedFrom('alice', 'microphone') > 20, 'bob hears alice');
    expect(alice.receivedFrom('bob', 'microphone')).toBe(0);
    expect(engine.stats().forwardedAudio).toBe(1);
    const sources = await bob.next('participant', (m) => m.participant.userId === 'alice' && m.participant.sources.includes('microphone'));
    expect(sources.participant.sources).toEqual(['microphone']);

    await bob.close();
    await alice.next('left', (m) => m.userId === 'bob');
    await until(() => reports.includes('left bob room-1'), 'bob reported left');
    expect(reports.filter((r) => !r.startsWith('changed')).slice(0, 2)).toEqual(['joined alice room-1', 'joined bob room-1']);
  });

  it('keeps rooms apart, and a late joiner gets what is already published', async () => {
    const alice = await join('alice', 'room-a');
    alice.publish('microphone', opus);
    const carol = await join('carol', 'room-b');
    const bob = await join('bob', 'room-a');
    await until(() => bob.receivedFrom('alice', 'microphone') > 10, 'bob hears alice');
    expect(carol.received.size).toBe(0);
    expect(engine.rooms().get('room-b')).toEqual(['carol']);
  });

  it('stops forwarding to a deafened participant, and tells the room the state', async () => {
    const alice = await join('alice');
    const bob = await join('bob');
    alice.publish('microphone', opus);
    await until(() => bob.receivedFrom('alice', 'microphone') > 5, 'bob hears alice');
    bob.send({ op: 'state', muted: true, deafened: true, speaking: false });
    const told = await alice.next('participant', (m) => m.participant.userId === 'bob' && m.participant.deafened);
    expect(told.participant).toMatchObject({ muted: true, deafened: true });
    // The API hears mute and deafen, and what a participant sends; speaking stays inside the room.
    expect(reports.filter((r) => r.startsWith('changed'))).toEqual(['changed alice unmuted microphone', 'changed bob muted ']);
    bob.send({ op: 'state', muted: true, deafened: true, speaking: true });
    await alice.next('participant', (m) => m.participant.userId === 'bob' && m.participant.speaking);
    expect(reports.filter((r) => r.startsWith('changed bob'))).toEqual(['changed bob muted ']);
    const before = bob.receivedFrom('alice', 'microphone');
    const heardByEngine = engine.stats().packetsIn;
    await until(() => engine.stats().packetsIn > heardByEngine + 20, 'alice keeps sending');
    expect(bob.receivedFrom('alice', 'microphone')).toBeLessThanOrEqual(before + 2);
  });

  it('ends a kicked session with its reason and reports it left; a second join replaces the first', async () => {
    const alice = await join('alice');
    expect(engine.kick('room-1', 'alice', 'voice_disconnected')).toBe(true);
    expect((await alice.next('error')).reason).toBe('voice_disconnected');
    await until(() => reports.includes('left alice room-1'), 'alice reported left');

    const first = await join('dave');
    await join('dave');
    expect((await first.next('error')).reason).toBe('voice_session_replaced');
    expect(reports.filter((r) => / dave /.test(r) && !r.startsWith('changed'))).toEqual(['joined dave room-1', 'left dave room-1', 'joined dave room-1']);
    expect(engine.rooms().get('room-1')).toEqual(['dave']);
  });

  it('answers pings', async () => {
    const alice = await join('alice');
    alice.send({ op: 'ping', t: 42 });
    expect((await alice.next('pong')).t).toBe(42);
  });
});

describe('SFU screen share', () => {
  it('forwards a screen within the cap only to those who watch it', async () => {
    const alice = await join('alice');
    const bob = await join('bob');
    const carol = await join('carol');
    alice.publish('screen', () => vp8KeyFrame(1280, 720), 40);
    await bob.next('participant', (m) => m.participant.userId === 'alice' && m.participant.sources.includes('screen'));
    bob.watch('alice');
    await until(() => bob.receivedFrom('alice', 'screen') > 10, 'bob sees the screen');
    expect(engine.stats().forwardedVideo).toBe(1);
    expect(Object.values(carol.tracks).some((feed) => feed?.source === 'screen')).toBe(false);
    expect(carol.received.size).toBe(0);

    // A late joiner gets no screen until it watches one.
    const dave = await join('dave');
    dave.watch('alice');
    await until(() => dave.receivedFrom('alice', 'screen') > 10, 'dave sees the screen');
    expect(engine.stats().forwardedVideo).toBe(2);

    // Bob stops watching: the m-line is kept for a later feed, and carries nothing now.
    bob.watch();
    await until(() => Object.values(bob.tracks).every((feed) => feed === null), 'bob told the m-line is idle');
    expect(engine.stats().forwardedVideo).toBe(1);
  });

  it("passes a viewer's keyframe request to the screen's publisher, also from a viewer that sends its microphone", async () => {
    const alice = await join('alice');
    const bob = await join('bob');
    bob.publish('microphone', opus);
    alice.publish('screen', () => vp8KeyFrame(1280, 720), 40);
    await bob.next('participant', (m) => m.participant.userId === 'alice' && m.participant.sources.includes('screen'));
    bob.watch('alice');
    await until(() => bob.receivedFrom('alice', 'screen') > 5, 'bob sees the screen');
    // Without the fix, none of bob's requests would arrive (werift hands them to the receiver of his
    // microphone); at most the one the SFU makes for a new viewer could be counted here.
    const before = alice.keyFrameRequests;
    await until(async () => {
      await bob.requestKeyFrame('alice', 'screen');
      return alice.keyFrameRequests >= before + 3;
    }, "bob's requests reach alice");
  });

  it('stops taking a screen larger than the cap, whatever the client claims', async () => {
    const alice = await join('alice');
    const bob = await join('bob');
    bob.watch('alice');
    alice.publish('screen', () => vp8KeyFrame(1920, 1080), 40);
    expect((await alice.next('unpublished')).reason).toBe('screen_cap_exceeded');
    await bob.next('participant', (m) => m.participant.userId === 'alice' && m.participant.sources.length === 0);
    expect(engine.stats().forwardedVideo).toBe(0);
    const seen = bob.receivedFrom('alice', 'screen');
    const sent = alice.sent;
    await until(() => alice.sent > sent + 10, 'alice keeps sending');
    expect(bob.receivedFrom('alice', 'screen')).toBe(seen);
  });

  it('refuses a screen beyond the room limit with screenshare_limit_reached; a place freed is taken again', async () => {
    const alice = await join('alice');
    const bob = await join('bob');
    const carol = await join('carol');
    const dave = await join('dave');
    dave.watch('alice', 'bob', 'carol');
    alice.publish('screen', () => vp8KeyFrame(1280, 720), 40);
    bob.publish('screen', () => vp8KeyFrame(1280, 720), 40);
    carol.publish('screen', () => vp8KeyFrame(1280, 720), 40);
    expect(await carol.next('unpublished')).toEqual({ op: 'unpublished', source: 'screen', reason: 'screenshare_limit_reached' });
    await until(() => dave.receivedFrom('alice', 'screen') > 5 && dave.receivedFrom('bob', 'screen') > 5, 'dave sees two screens');
    expect(engine.stats().forwardedVideo).toBe(2);
    expect(alice.messages.some((m) => m.op === 'unpublished')).toBe(false);
    expect(bob.messages.some((m) => m.op === 'unpublished')).toBe(false);

    // Another room has places of its own.
    const erin = await join('erin', 'room-2');
    erin.publish('screen', () => vp8KeyFrame(1280, 720), 40);
    await until(() => reports.includes('changed erin unmuted screen'), 'erin shares in room-2');

    // Alice stops: carol's next try gets her place, and dave (who watches carol) receives it.
    alice.unpublish('screen');
    await dave.next('participant', (m) => m.participant.userId === 'alice' && m.participant.sources.length === 0);
    carol.messages.length = 0;
    carol.publish('screen', () => vp8KeyFrame(1280, 720), 40);
    await until(() => dave.receivedFrom('carol', 'screen') > 5, 'dave sees carol');
    expect(carol.messages.some((m) => m.op === 'unpublished')).toBe(false);
  });
});
