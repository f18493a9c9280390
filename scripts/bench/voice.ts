import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MediaSource } from '@rally/shared/voice/signaling';
import type { SfuStats } from '../../apps/server/src/sfu/engine';
import type { ApiToSfu, SfuToApi } from '../../apps/server/src/sfu/ipc';
import { signVoiceToken } from '../../apps/server/src/sfu/token';
import { BenchChild } from './client-process';
import { cpuSeconds } from './proc-stats';
import { sleep } from './stats';
import { f2, int, markdownTable } from './table';
import type { PeerCounts, VoiceBenchPeer, VoiceClientsCommand } from './voice-clients';

/**
 * `npm run bench voice`: the SFU (apps/server/src/sfu/main.ts, the process the API starts) on its
 * own, with simulated participants in two client processes (voice-clients.ts). For 2, 4 and 8
 * participants who all talk, then all share a screen: the SFU's CPU per forwarded stream and the
 * packet loss. Then a ramp: 10 talkers and more and more listeners, until the loss reaches 1 % or
 * the SFU uses a whole core: the most Opus down-tracks one core forwards. Prints figures; asserts
 * nothing. docs/performance.md "Voice".
 */

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const MEASURE_SECONDS = num('BENCH_VOICE_SECONDS', 8);
const SIZES = (process.env.BENCH_VOICE_SIZES ?? '2,4,8').split(',').map(Number);
const RAMP_TALKERS = num('BENCH_VOICE_TALKERS', 10);
const RAMP_STEPS = (process.env.BENCH_VOICE_LISTENERS ?? '4,8,14,20,28,40,56,72,90').split(',').map(Number);
const CLIENT_PROCESSES = 2;
/** A talker's packets a second (20 ms Opus frames, voice-clients.ts). */
const OPUS_PACKETS_PER_SECOND = 50;
/** Longer than any packet takes from a simulated publisher through the SFU to a subscriber here. */
const IN_FLIGHT_MS = 300;
const SFU_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/src/sfu/main.ts');

export interface VoiceRow {
  label: string;
  participants: number;
  audioDownTracks: number;
  videoDownTracks: number;
  /** SFU CPU, share of one core, over the window. */
  sfuCore: number;
  /** Client processes' CPU, share of one core (all of them). */
  clientsCore: number;
  /** SFU CPU (share of a core) per forwarded stream. */
  corePerStream: number;
  lossPercent: number;
  packetsOutPerSecond: number;
}

export interface VoiceFigures {
  audio: VoiceRow[];
  video: VoiceRow[];
  ramp: VoiceRow[];
  /** The most Opus down-tracks forwarded with under 1 % loss, and what stopped the ramp. */
  maxOpusDownTracks: number;
  /** The packets per second the SFU sent at that step (the simulated talkers slow down when their processes are busy). */
  maxPacketsOutPerSecond: number;
  rampStop: string;
}

class VoiceClients extends BenchChild {
  constructor() {
    super('voice-clients.ts');
  }

  join(url: string, peers: VoiceBenchPeer[], roster: Omit<VoiceBenchPeer, 'token'>[]) {
    return this.request<{ failed: number }>({ type: 'join', url, peers, roster } satisfies VoiceClientsCommand, 'joined', 300_000);
  }

  async counts(): Promise<PeerCounts[]> {
    return (await this.request<{ peers: PeerCounts[] }>({ type: 'counts' } satisfies VoiceClientsCommand, 'counts')).peers;
  }

  leave() {
    return this.request({ type: 'leave' } satisfies VoiceClientsCommand, 'left');
  }
}

/** The SFU process, started as the API starts it (IPC for its figures). */
class SfuProcess {
  private nextId = 1;
  private readonly waiting = new Map<number, (stats: SfuStats) => void>();
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.on('message', (message: SfuToApi) => {
      if (message.type === 'stats') this.waiting.get(message.id)?.(message.stats);
    });
  }

  static start(secret: string): Promise<SfuProcess> {
    // Every simulated participant may share a screen at once (the bench's largest room is 8).
    const env = { ...process.env, SFU_SECRET: secret, SFU_HOST: '127.0.0.1', SFU_PORT: '0', LOG_LEVEL: 'warn', VOICE_MAX_SCREENSHARES: '25' };
    const child = fork(SFU_ENTRY, [], { execArgv: ['--import', 'tsx'], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    return new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the SFU exited (${code})`)));
      child.on('message', (message: SfuToApi) => {
        if (message.type === 'ready') resolve(new SfuProcess(child, message.port));
      });
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  stats(): Promise<SfuStats> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, (stats) => {
        this.waiting.delete(id);
        resolve(stats);
      });
      this.child.send({ type: 'stats', id } satisfies ApiToSfu);
    });
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

interface Snapshot {
  at: number;
  sfuCpu: number;
  clientsCpu: number;
  counts: PeerCounts[];
  stats: SfuStats;
}

class Room {
  readonly roster: VoiceBenchPeer[] = [];
  private readonly channelId = `bench-${randomBytes(4).toString('hex')}`;

  constructor(
    private readonly sfu: SfuProcess,
    private readonly clients: VoiceClients[],
    private readonly secret: string,
  ) {}

  /** Add participants (spread over the client processes), each publishing `publish`. */
  async add(count: number, publish: MediaSource[]): Promise<void> {
    const added: VoiceBenchPeer[] = [];
    for (let i = 0; i < count; i += 1) {
      const userId = String(1000 + this.roster.length);
      const token = signVoiceToken(this.secret, {
        userId,
        teamId: 'bench',
        channelId: this.channelId,
        screenCap: { width: 1280, height: 720, fps: 30 },
        exp: Date.now() + 600_000,
      });
      const peer = { userId, token, publish };
      this.roster.push(peer);
      added.push(peer);
    }
    const roster = this.roster.map(({ userId, publish: sources }) => ({ userId, publish: sources }));
    const results = await Promise.all(
      this.clients.map((clients, index) =>
        clients.join(
          `ws://127.0.0.1:${this.sfu.port}`,
          added.filter((_, i) => i % this.clients.length === index),
          roster,
        ),
      ),
    );
    const failed = results.reduce((sum, r) => sum + r.failed, 0);
    if (failed > 0) throw new Error(`${failed} simulated participants could not join`);
    await this.flowing();
  }

  /** Wait until every participant receives something from every source of every other (renegotiations done). */
  private async flowing(): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const counts = (await Promise.all(this.clients.map((c) => c.counts()))).flat();
      const waiting = counts.reduce((sum, peer) => sum + Object.values(peer.received).filter((n) => n === 0).length, 0);
      if (waiting === 0) return;
      if (Date.now() > deadline) throw new Error(`${waiting} streams had not arrived after 60 s`);
      await sleep(250);
    }
  }

  /**
   * What was sent now, and what was received IN_FLIGHT_MS later: packets on their way at either end
   * of a window are then counted on both sides (not as lost).
   */
  async snapshot(): Promise<Snapshot> {
    const [sent, stats] = await Promise.all([Promise.all(this.clients.map((c) => c.counts())), this.sfu.stats()]);
    const at = performance.now();
    const sfuCpu = cpuSeconds(this.sfu.pid);
    const clientsCpu = this.clients.reduce((sum, c) => sum + cpuSeconds(c.pid), 0);
    await sleep(IN_FLIGHT_MS);
    const received = new Map((await Promise.all(this.clients.map((c) => c.counts()))).flat().map((peer) => [peer.userId, peer.received]));
    const counts = sent.flat().map((peer) => ({ ...peer, received: received.get(peer.userId) ?? {} }));
    return { at, sfuCpu, clientsCpu, counts, stats };
  }

  /** The figures between two snapshots. */
  row(label: string, before: Snapshot, after: Snapshot): VoiceRow {
    const seconds = (after.at - before.at) / 1_000;
    const sentBefore = new Map(before.counts.map((p) => [p.userId, p.sent]));
    const receivedBefore = new Map(before.counts.map((p) => [p.userId, p.received]));
    let expected = 0;
    let received = 0;
    let audioDownTracks = 0;
    let videoDownTracks = 0;
    for (const peer of after.counts) {
      for (const [feed, n] of Object.entries(peer.received)) {
        const [from, source] = feed.split(':') as [string, MediaSource];
        const publisher = after.counts.find((p) => p.userId === from);
        const sent = (publisher?.sent[source] ?? 0) - (sentBefore.get(from)?.[source] ?? 0);
        expected += sent;
        received += n - (receivedBefore.get(peer.userId)?.[feed] ?? 0);
        if (source === 'microphone') audioDownTracks += 1;
        else videoDownTracks += 1;
      }
    }
    const sfuCore = (after.sfuCpu - before.sfuCpu) / seconds;
    return {
      label,
      participants: this.roster.length,
      audioDownTracks,
      videoDownTracks,
      sfuCore,
      clientsCore: (after.clientsCpu - before.clientsCpu) / seconds,
      corePerStream: sfuCore / Math.max(1, audioDownTracks + videoDownTracks),
      lossPercent: expected > 0 ? Math.max(0, (1 - received / expected) * 100) : 0,
      packetsOutPerSecond: (after.stats.packetsOut - before.stats.packetsOut) / seconds,
    };
  }

  async measure(label: string): Promise<VoiceRow> {
    await sleep(1_000);
    const before = await this.snapshot();
    await sleep(MEASURE_SECONDS * 1_000);
    const after = await this.snapshot();
    return this.row(label, before, after);
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.leave()));
  }
}

export async function runVoiceBench(log: (line: string) => void): Promise<VoiceFigures> {
  const secret = `voice:bench-${randomBytes(16).toString('hex')}`;
  const sfu = await SfuProcess.start(secret);
  const clients = Array.from({ length: CLIENT_PROCESSES }, () => new VoiceClients());
  const figures: VoiceFigures = { audio: [], video: [], ramp: [], maxOpusDownTracks: 0, maxPacketsOutPerSecond: 0, rampStop: '' };
  try {
    // Warm-up, not measured: the first room of a fresh SFU process pays for its JIT and sockets.
    const warmUp = new Room(sfu, clients, secret);
    await warmUp.add(2, ['microphone', 'screen']);
    await sleep(3_000);
    await warmUp.close();

    for (const [kind, publish] of [
      ['audio', ['microphone']],
      ['video', ['screen']],
    ] as const) {
      for (const size of SIZES) {
        const room = new Room(sfu, clients, secret);
        await room.add(size, [...publish]);
        const row = await room.measure(`${size} ${kind === 'audio' ? 'talking' : 'sharing a screen'}`);
        log(`voice: ${row.label}: SFU ${f2(row.sfuCore)} core, ${f2(row.lossPercent)} % loss`);
        figures[kind].push(row);
        await room.close();
      }
    }

    const room = new Room(sfu, clients, secret);
    await room.add(RAMP_TALKERS, ['microphone']);
    let listeners = 0;
    figures.rampStop = `the last step (${RAMP_STEPS.at(-1)} listeners) still under 1 % loss`;
    for (const step of RAMP_STEPS) {
      try {
        await room.add(step - listeners, []);
      } catch (err) {
        figures.rampStop = `adding listeners up to ${step}: ${err instanceof Error ? err.message : String(err)}`;
        break;
      }
      listeners = step;
      const row = await room.measure(`${RAMP_TALKERS} talking, ${listeners} listening`);
      log(
        `voice: ${row.label}: ${row.audioDownTracks} down-tracks, SFU ${f2(row.sfuCore)} core, clients ${f2(row.clientsCore)}, ${f2(row.lossPercent)} % loss`,
      );
      figures.ramp.push(row);
      if (row.lossPercent >= 1) {
        figures.rampStop = `loss reached ${f2(row.lossPercent)} % at ${row.audioDownTracks} down-tracks`;
        break;
      }
      figures.maxOpusDownTracks = row.audioDownTracks;
      figures.maxPacketsOutPerSecond = row.packetsOutPerSecond;
      if (row.sfuCore >= 0.95) {
        figures.rampStop = `the SFU used a whole core at ${row.audioDownTracks} down-tracks`;
        break;
      }
    }
    await room.close();
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    await sfu.stop();
  }
  return figures;
}

export function voiceReport(figures: VoiceFigures): string {
  const table = (rows: VoiceRow[]) =>
    markdownTable(
      ['participants', 'forwarded streams', 'SFU CPU (core)', 'SFU CPU per stream (% of a core)', 'packets out/s', 'loss %', 'clients CPU (core)'],
      rows.map((r) => [
        r.label,
        int(r.audioDownTracks + r.videoDownTracks),
        f2(r.sfuCore),
        f2(r.corePerStream * 100),
        int(r.packetsOutPerSecond),
        f2(r.lossPercent),
        f2(r.clientsCore),
      ]),
    );
  /** Full-rate Opus down-tracks one core forwards, from the packets the SFU sent per CPU-second at the ramp's last step. */
  const perCore = (rows: VoiceRow[]) => {
    const last = rows.at(-1);
    return last && last.sfuCore > 0 ? int(last.packetsOutPerSecond / last.sfuCore / OPUS_PACKETS_PER_SECOND) : 'n/a';
  };
  return [
    '## Voice (SFU)',
    '',
    `Audio: everyone talks (Opus-sized packets, 50/s each); ${MEASURE_SECONDS} s windows.`,
    '',
    table(figures.audio),
    '',
    'Video: everyone shares a screen (VP8, 30 frames/s of 5 packets, about 1.3 Mbit/s).',
    '',
    table(figures.video),
    '',
    `Ramp: ${RAMP_TALKERS} talking, listeners added.`,
    '',
    table(figures.ramp),
    '',
    `Most Opus down-tracks forwarded with under 1 % loss: ${int(figures.maxOpusDownTracks)} (stopped: ${figures.rampStop}), ` +
      `${int(figures.maxPacketsOutPerSecond)} packets/s: ${int(figures.maxPacketsOutPerSecond / OPUS_PACKETS_PER_SECOND)} down-tracks at the full ${OPUS_PACKETS_PER_SECOND} packets/s.`,
    `At the last ramp step's packets per CPU-second, one core forwards about ${perCore(figures.ramp)} Opus down-tracks at ${OPUS_PACKETS_PER_SECOND} packets/s.`,
    '',
  ].join('\n');
}
