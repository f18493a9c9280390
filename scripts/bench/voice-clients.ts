import { MAX_WATCHED_SCREENS, type MediaSource } from '@rally/shared/voice/signaling';
import { TestVoiceClient, vp8KeyFrame } from '../../apps/server/test/helpers/voice-client';

/**
 * Simulated voice participants for `npm run bench voice`, in a child process of the bench (voice.ts
 * drives it over IPC): werift peer connections that answer the SFU's offers as the web client does,
 * send synthetic Opus-sized packets (50 a second) and VP8 screen frames (30 a second of 5 packets,
 * about 1.3 Mbit/s, a legal 1280×720 key frame header on each frame's first packet) and count, per
 * m-line, what arrives. Each watches every other participant's screen (the SFU forwards a screen
 * only to those who watch it).
 */

export interface VoiceBenchPeer {
  userId: string;
  token: string;
  publish: MediaSource[];
}

/** Per participant: packets sent by source, and packets received from each other participant's source ("userId:source"). */
export interface PeerCounts {
  userId: string;
  sent: Partial<Record<MediaSource, number>>;
  received: Record<string, number>;
}

export type VoiceClientsCommand =
  /** `peers`: the participants this process plays; `roster`: everyone in the room (whose sources are counted). */
  { type: 'join'; url: string; peers: VoiceBenchPeer[]; roster: Omit<VoiceBenchPeer, 'token'>[] } | { type: 'counts' } | { type: 'leave' } | { type: 'close' };

export type VoiceClientsReply = { type: 'joined'; failed: number } | { type: 'counts'; peers: PeerCounts[] } | { type: 'left' } | { type: 'closed' };

const AUDIO_BYTES = 80;
const VIDEO_BYTES = 1_100;
const VIDEO_PACKETS_PER_FRAME = 5;
const VIDEO_FRAME_MS = 33;

const opus = () => Buffer.alloc(AUDIO_BYTES, 1);
/** The first packet of a frame carries a key frame header (the SFU reads its size); the rest are continuation packets (S bit clear). */
const vp8 = (n: number) =>
  n % VIDEO_PACKETS_PER_FRAME === 1 ? Buffer.concat([vp8KeyFrame(1280, 720), Buffer.alloc(VIDEO_BYTES - 211, 3)]) : Buffer.alloc(VIDEO_BYTES, 0);

let clients: { peer: VoiceBenchPeer; client: TestVoiceClient }[] = [];
let roster: Omit<VoiceBenchPeer, 'token'>[] = [];

const reply = (message: VoiceClientsReply) => process.send?.(message);

async function join(url: string, peers: VoiceBenchPeer[]): Promise<number> {
  let failed = 0;
  for (const peer of peers) {
    try {
      const client = await TestVoiceClient.connect(url);
      client.send({ op: 'join', token: peer.token });
      await client.next('joined');
      for (const source of peer.publish) {
        if (source === 'microphone') client.publish('microphone', opus, 20);
        else client.publish(source, vp8, VIDEO_FRAME_MS, VIDEO_PACKETS_PER_FRAME);
      }
      clients.push({ peer, client });
      watchScreens(client, peer.userId);
    } catch (err) {
      failed += 1;
      console.error(`voice bench: ${peer.userId} could not join: ${String(err)}`);
    }
  }
  return failed;
}

/** Screens reach only those who watch them: every participant watches every other's (as many as the SFU allows). */
function watchScreens(client: TestVoiceClient, userId: string): void {
  const sharers = roster.filter((peer) => peer.userId !== userId && peer.publish.includes('screen')).map((peer) => peer.userId);
  if (sharers.length > 0) client.send({ op: 'watch', userIds: sharers.slice(0, MAX_WATCHED_SCREENS) });
}

function counts(): PeerCounts[] {
  return clients.map(({ peer, client }) => {
    const received: Record<string, number> = {};
    for (const other of roster) {
      if (other.userId === peer.userId) continue;
      for (const source of other.publish) received[`${other.userId}:${source}`] = client.receivedFrom(other.userId, source);
    }
    return { userId: peer.userId, sent: Object.fromEntries(client.sentBySource), received };
  });
}

async function leave(): Promise<void> {
  await Promise.all(clients.map(({ client }) => client.close()));
  clients = [];
}

process.on('message', (command: VoiceClientsCommand) => {
  if (command.type === 'join') {
    roster = command.roster;
    for (const { peer, client } of clients) watchScreens(client, peer.userId);
    void join(command.url, command.peers).then((failed) => reply({ type: 'joined', failed }));
  } else if (command.type === 'counts') reply({ type: 'counts', peers: counts() });
  else if (command.type === 'leave') void leave().then(() => reply({ type: 'left' }));
  else
    void leave().then(() => {
      reply({ type: 'closed' });
      process.exit(0);
    });
});
