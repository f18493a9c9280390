import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VOICE_RATE_LIMITED } from '@rally/shared/voice/signaling';
import { TestVoiceClient, vp8KeyFrame } from '../../test/helpers/voice-client';
import { until } from '../gateway/testing';
import { SignalingServer, type SfuReporter } from './signaling';
import type { SignalingLimits } from './signaling-limits';
import { signVoiceToken, type VoiceGrant } from './token';
import { WeriftEngine } from './werift/engine';

const SECRET = 'sfu-test-secret';
const CAP = { width: 1280, height: 720, fps: 30 };

/** Two screens at once per room (VOICE_MAX_SCREENSHARES), so that the third is refused. */
const engine = new WeriftEngine({ iceServers: [], loopback: true }, { maxScreenShares: 2 });
const reports: string[] = [];

/** What a signalling server reports, as lines in `into`. */
const reporter = (into: string[]): SfuReporter => ({
  joined: (grant) => into.push(`joined ${grant.userId} ${grant.channelId}`),
  changed: (grant, state) => into.push(`changed ${grant.userId} ${state.muted ? 'muted' : 'unmuted'} ${state.sources.join('+')}`),
  left: (grant) => into.push(`left ${grant.userId} ${grant.channelId}`),
});

/** A signalling server on the engine, listening on loopback. */
async function listen(signaling: SignalingServer): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer();
  server.on('upgrade', (request, socket, head) => signaling.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await signaling.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The defaults of sfu/config.ts. */
const DEFAULT_LIMITS: SignalingLimits = { frameRate: { count: 240, windowMs: 60_000 }, userFrameRate: { count: 480, windowMs: 60_000 }, stateCoalesceMs: 500 };
const signaling = new SignalingServer(engine, SECRET, reporter(reports), DEFAULT_LIMITS);
let url = '';
let stopListening = async () => {};
const clients: TestVoiceClient[] = [];

beforeAll(async () => {
  ({ url, close: stopListening } = await listen(signaling));
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  reports.length = 0;
});
afterAll(async () => {
  await stopListening();
  await engine.close();
});

const grant = (userId: string, channelId = 'room-1', overrides: Partial<VoiceGrant> = {}): VoiceGrant => ({
  userId,
  teamId: 'team-1',
  channelId,
  screenCap: CAP,
  exp: Date.now() + 60_000,
  ...overrides,
});

async function join(userId: string, channelId = 'room-1', at = url): Promise<TestVoiceClient> {
  const client = await TestVoiceClient.connect(at);
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

/**
 * What one client can do to the SFU's signalling (a probe sent 60,000 `state` toggles in 2 s,
 * 960,000 gateway frames to 16 viewers): frame budgets per socket and per user, and state changes
 * coalesced per participant.
 */
describe('SFU signalling limits', () => {
  const limitedReports: string[] = [];
  const limited = new SignalingServer(engine, SECRET, reporter(limitedReports), {
    frameRate: { count: 200, windowMs: 60_000 },
    userFrameRate: { count: 300, windowMs: 60_000 },
    stateCoalesceMs: 1_000,
  });
  let at = '';
  let stop = async () => {};
  beforeAll(async () => {
    ({ url: at, close: stop } = await listen(limited));
  });
  afterAll(() => stop());

  const pings = (client: TestVoiceClient, count: number) => {
    for (let i = 0; i < count; i++) client.send({ op: 'ping', t: i });
  };
  const pongs = (client: TestVoiceClient) => client.messages.filter((m) => m.op === 'pong').length;

  it('closes a socket that sends more frames than its budget with 4008 voice_rate_limited; others go on', async () => {
    const flooder = await join('flooder', 'limits-1', at);
    const other = await join('other', 'limits-1', at);
    // The join was the first of its 200 frames: 199 pings pass, the next closes it (pings still queued are not answered).
    pings(flooder, 250);
    expect(await flooder.closed()).toBe(VOICE_RATE_LIMITED.code);
    expect(flooder.closeReason).toBe(VOICE_RATE_LIMITED.reason);
    await other.next('left', (m) => m.userId === 'flooder');
    pings(other, 1);
    await other.next('pong');
  });

  it("counts the frames of all of a user's sockets together: the socket that passes the user's budget is closed", async () => {
    const a = await join('uma', 'limits-2', at);
    const b = await join('uma', 'limits-3', at);
    // 150 + 149 = 299 of the user's 300 after their joins, each socket far below its own 200.
    pings(a, 150);
    pings(b, 149);
    await until(() => pongs(a) === 150 && pongs(b) === 149, 'every ping to be answered');
    // The 301st of the user's frames; b has sent 152 of its own 200.
    pings(b, 2);
    expect(await b.closed()).toBe(VOICE_RATE_LIMITED.code);
    expect(a.closeCode).toBeNull();
  });

  it('coalesces a burst of state toggles: the room and the API hear a few, ending in the latest state', async () => {
    const alice = await join('alice', 'limits-4', at);
    const bob = await join('bob', 'limits-4', at);
    // 100 toggles of mute, then deafened as well: that last state comes only at the end.
    for (let i = 0; i < 100; i++) bob.send({ op: 'state', muted: i % 2 === 0, deafened: false, speaking: false });
    bob.send({ op: 'state', muted: true, deafened: true, speaking: false });
    await alice.next('participant', (m) => m.participant.userId === 'bob' && m.participant.deafened);
    const told = alice.messages.filter((m) => m.op === 'participant' && m.participant.userId === 'bob');
    // The first at once, the latest when the window ends (a third if the burst spilled over a window).
    expect(told.length).toBeLessThanOrEqual(3);
    expect(told.at(-1)).toMatchObject({ participant: { muted: true, deafened: true } });
    const changes = limitedReports.filter((r) => r.startsWith('changed bob'));
    expect(changes.length).toBeLessThanOrEqual(3);
    expect(changes.at(-1)).toBe('changed bob muted ');
    expect(bob.closeCode).toBeNull();
  });
});
