/**
 * The hostile-load section of `npm run bench` (BENCH_SECTIONS=hostile): how well-behaved users fare
 * while one user abuses the gateway and anonymous clients send pathological request bodies.
 * Figures only: it assumes no limit of the server and asserts nothing; it reports what it observes
 * (sockets accepted or closed and with which close codes, frames sent, HTTP statuses). See
 * docs/performance.md, "Hostile load". Knobs (environment):
 *   BENCH_HOSTILE_SECONDS=10 (each phase)  BENCH_FLOOD_SOCKETS=300  BENCH_FLOOD_FRAMES=110 (per socket
 *   per 60 s)  BENCH_BODY_CONNECTIONS=4  BENCH_GUESS_CONNECTIONS=4  BENCH_IMAGE_ATTACKERS=4
 *
 * Phases, each BENCH_HOSTILE_SECONDS long: baseline (no attack), presence flood, pathological bodies,
 * file guessing (file-guessing.ts: private attachments asked for by who may not see them, keys guessed),
 * voice-state flood (hostile-voice.ts: one member's mute toggles as fast as their signalling socket
 * takes them, reported with the other users' latency as a ratio to the baseline), image bombs
 * (hostile-images.ts: uploads made to cost image work; logins and messages as a ratio to the
 * baseline), then one short phase per fan-out path (hostile-fanout.ts, one table: status, activity,
 * chosen presence, username, messages, edits, reaction toggles, friend requests, team settings,
 * channel renames, typing and presence frames, each flooded by its own attacking member while
 * BENCH_FANOUT_VIEWERS other members' sockets count what they hear; BENCH_FANOUT_SECONDS,
 * BENCH_FANOUT_CONNECTIONS, BENCH_FANOUT_PATHS).
 * Throughout, a measuring client in this process sends GET /api/v1/health one after
 * another (25 ms pause after each answer), a second user's messages (one at a time, at most one per
 * 600 ms, under the per-user send limit), timed from the POST until a third member's gateway socket
 * (held here) receives it, and a fourth user's logins (one after another, 100 ms pause). The
 * attackers run in a child process (hostile-clients.ts).
 */
import WebSocket from 'ws';
import { messageText } from '../../apps/server/src/gateway/message-text';
import { CloseCode } from '@rally/shared/gateway/protocol';
import { TeamPermission } from '@rally/shared/permissions';
import { BenchChild } from './client-process';
import { guessFiles, type GuessReport } from './file-guessing';
import { IMAGE_ATTACKERS, imageBombReport, loginOnce, prepareLoginUser, type ImageBombReport } from './hostile-images';
import type { BodyReport, FloodReport } from './hostile-clients';
import { VOICE_FLOOD_PHASE, voiceFloodReport, type VoiceFloodReport } from './hostile-voice';
import {
  FANOUT_CONNECTIONS,
  FANOUT_SECONDS,
  FANOUT_VIEWERS,
  FanoutSockets,
  fanoutPath,
  fanoutPhase,
  fanoutReport,
  selectedFanoutPaths,
  type FanoutPath,
  type FanoutReport,
} from './hostile-fanout';
import { Api, networkErrorName } from './http';
import { cpuSeconds, rssBytes } from './proc-stats';
import { openBenchDatabase, seedUsers } from './seed';
import { startServer } from './server-process';
import { sleep, summarize, type Summary } from './stats';
import { f1, f2, int, markdownTable, mib } from './table';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
export const HOSTILE_SECONDS = num('BENCH_HOSTILE_SECONDS', 10);
export const FLOOD_SOCKETS = num('BENCH_FLOOD_SOCKETS', 300);
export const FLOOD_FRAMES = num('BENCH_FLOOD_FRAMES', 110);
export const BODY_CONNECTIONS = num('BENCH_BODY_CONNECTIONS', 4);
export const GUESS_CONNECTIONS = num('BENCH_GUESS_CONNECTIONS', 4);

const HEALTH_PAUSE_MS = 25;
const LOGIN_PAUSE_MS = 100;
const MESSAGE_SPACING_MS = 600;
const REQUEST_TIMEOUT_MS = 120_000;
/** How long a sent message may take to reach the measuring socket after its POST was answered. */
const ARRIVAL_TIMEOUT_MS = 30_000;
const FLOOD_CONNECT_CONCURRENCY = 50;
/** High enough that every pathological body reaches validation (the worst case) instead of a 429. */
const AUTH_RATE_LIMIT = '1000000/60';

/** What the section needs of run.ts's backends. */
export interface HostileBackend {
  name: string;
  serverEnv: Record<string, string>;
  target: { dataDir?: string; databaseUrl?: string };
}

export interface PhaseFigures {
  phase: string;
  health: Summary;
  healthFailed: Record<string, number>;
  message: Summary;
  messageFailed: Record<string, number>;
  /** POST /api/v1/login of a user who takes no part in any attack (argon2id). */
  login: Summary;
  loginFailed: Record<string, number>;
  /** Dispatch frames the measuring socket received during the phase (presence events of the flood…). */
  eventsReceived: number;
  serverCpuSeconds: number;
  attackerCpuSeconds: number;
  serverRssMiB: number;
  /** A GET /api/v1/health sent when the phase ended (the attack stopped): its latency. */
  healthAfterMs: number;
  healthAfterOutcome: string;
}

export interface HostileFigures {
  backend: string;
  phases: PhaseFigures[];
  flood: FloodReport | null;
  bodies: BodyReport | null;
  guesses: GuessReport | null;
  voiceFlood: VoiceFloodReport | null;
  images: ImageBombReport | null;
  /** One report per fan-out path flooded (hostile-fanout.ts), and how many viewer sockets counted events. */
  fanout: FanoutReport[];
  fanoutViewers: number;
  /** Close codes of the measuring socket (reconnected after each). */
  measuringSocketCloses: Record<string, number>;
}

class HostileProcess extends BenchChild {
  constructor() {
    super('hostile-clients.ts');
  }

  flood(url: string, origin: string, cookie: string, sockets: number, frames: number, seconds: number) {
    return this.request<FloodReport>(
      { type: 'flood', url, origin, cookie, sockets, frames, seconds, concurrency: FLOOD_CONNECT_CONCURRENCY },
      'flooded',
      seconds * 1000 + 60_000,
    );
  }

  bodies(baseUrl: string, cookie: string, channelId: string, connections: number, seconds: number) {
    return this.request<BodyReport>({ type: 'bodies', baseUrl, cookie, channelId, connections, seconds }, 'bodies', seconds * 1000 + 180_000);
  }

  voiceFlood(baseUrl: string, cookie: string, listenerCookie: string, teamId: string, channelId: string, seconds: number) {
    return this.request<VoiceFloodReport>(
      { type: 'voiceFlood', baseUrl, cookie, listenerCookie, teamId, channelId, seconds },
      'voiceFlooded',
      seconds * 1000 + 60_000,
    );
  }

  images(baseUrl: string, cookies: string[], seconds: number) {
    return this.request<ImageBombReport>({ type: 'images', baseUrl, cookies, seconds }, 'images', seconds * 1000 + 240_000);
  }

  fanout(baseUrl: string, path: FanoutPath, connections: number, seconds: number) {
    return this.request<FanoutReport>({ type: 'fanout', baseUrl, path, connections, seconds }, 'fanned', seconds * 1000 + 60_000);
  }
}

const IMAGE_BOMB_PHASE = 'image bombs';

const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

/**
 * The measuring client's gateway socket: one member's, acknowledging what it receives with a
 * heartbeat every 10 s (or the server's interval when shorter), reconnected (fresh session, at most 5
 * times) when the server closes it.
 */
class MeasuringSocket {
  private ws: WebSocket | null = null;
  private beat: NodeJS.Timeout | null = null;
  private lastSeq = 0;
  private stopping = false;
  private reconnects = 0;
  private readonly waiting = new Map<string, { resolve: (at: number | null) => void; timer: NodeJS.Timeout | null }>();
  readonly closes: Record<string, number> = {};
  dispatches = 0;

  constructor(
    private readonly url: string,
    private readonly origin: string,
    private readonly cookie: string,
    private readonly log: (message: string) => void,
  ) {}

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.url, { headers: { cookie: this.cookie, origin: this.origin }, perMessageDeflate: false });
      this.ws = ws;
      let ready = false;
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('measuring socket: no READY within 30 s'));
      }, 30_000);
      ws.on('open', () => ws.send(JSON.stringify({ type: 'HEARTBEAT', data: { seq: null } })));
      ws.on('message', (raw) => {
        const text = messageText(raw);
        const seq = /^\{"seq":(\d+)/.exec(text);
        if (seq && Number(seq[1]) > this.lastSeq) {
          this.lastSeq = Number(seq[1]);
          this.dispatches++;
        }
        if (text.includes('"MESSAGE_SEND"') && text.includes('"hostile:')) {
          const at = performance.now();
          const frame = JSON.parse(text) as { type: string; data: { nonce?: string | null } };
          const waiter = frame.type === 'MESSAGE_SEND' && frame.data.nonce ? this.waiting.get(frame.data.nonce) : undefined;
          if (waiter) {
            this.waiting.delete(frame.data.nonce!);
            if (waiter.timer) clearTimeout(waiter.timer);
            waiter.resolve(at);
          }
          return;
        }
        if (!ready && text.includes('"READY"')) {
          const frame = JSON.parse(text) as { type: string; data: { heartbeatInterval: number } };
          if (frame.type !== 'READY') return;
          ready = true;
          clearTimeout(timer);
          this.lastSeq = 0;
          if (this.beat) clearInterval(this.beat);
          this.beat = setInterval(
            () => {
              if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'HEARTBEAT', data: { seq: this.lastSeq } }));
            },
            Math.min(10_000, frame.data.heartbeatInterval),
          );
          resolve();
        }
      });
      ws.on('error', () => {
        // The close event follows.
      });
      ws.on('close', (code) => {
        if (!ready) {
          clearTimeout(timer);
          reject(new Error(`measuring socket closed before READY: ${code}`));
          return;
        }
        if (this.stopping) return;
        bump(this.closes, String(code));
        if (this.reconnects >= 5) return;
        this.reconnects++;
        this.log(`  the measuring socket was closed (${code}); reconnecting`);
        setTimeout(() => {
          if (!this.stopping) this.connect().catch((err: Error) => this.log(`  ${err.message}`));
        }, 1000);
      });
    });
  }

  /** Resolves with the time (performance.now()) the message with this nonce arrived, or null. */
  waitFor(nonce: string): { arrival: Promise<number | null>; arm: () => void; cancel: () => void } {
    let resolveArrival!: (at: number | null) => void;
    const arrival = new Promise<number | null>((resolve) => (resolveArrival = resolve));
    // Registered at once (the frame may come before the POST's answer); the timeout starts at arm().
    this.waiting.set(nonce, { resolve: resolveArrival, timer: null });
    return {
      arrival,
      arm: () => {
        const entry = this.waiting.get(nonce);
        if (!entry) return;
        entry.timer = setTimeout(() => {
          this.waiting.delete(nonce);
          resolveArrival(null);
        }, ARRIVAL_TIMEOUT_MS);
      },
      cancel: () => {
        const entry = this.waiting.get(nonce);
        if (entry?.timer) clearTimeout(entry.timer);
        this.waiting.delete(nonce);
        resolveArrival(null);
      },
    };
  }

  close(): void {
    this.stopping = true;
    if (this.beat) clearInterval(this.beat);
    for (const { resolve, timer } of this.waiting.values()) {
      if (timer) clearTimeout(timer);
      resolve(null);
    }
    this.waiting.clear();
    this.ws?.removeAllListeners();
    this.ws?.on('error', () => {});
    this.ws?.terminate();
  }
}

interface Samples {
  health: number[];
  healthFailed: Record<string, number>;
  message: number[];
  messageFailed: Record<string, number>;
  login: number[];
  loginFailed: Record<string, number>;
}

export async function runHostile(backend: HostileBackend, cookieSecret: string, log: (message: string) => void): Promise<HostileFigures> {
  const fanoutSpecs = selectedFanoutPaths();
  log(
    `${backend.name}, hostile load: 3 users, one team, a user signing in, ${IMAGE_ATTACKERS} image attackers; ${HOSTILE_SECONDS} s per phase; ` +
      `then ${fanoutSpecs.length} fan-out paths of ${FANOUT_SECONDS} s, each its own attacker, ${FANOUT_VIEWERS} viewers`,
  );
  const handle = await openBenchDatabase(backend.target);
  const [owner, sender, attacker, signer, ...rest] = await seedUsers(handle, 4 + IMAGE_ATTACKERS + FANOUT_VIEWERS + fanoutSpecs.length, cookieSecret);
  if (!owner || !sender || !attacker || !signer) throw new Error('seeding gave fewer than 4 users');
  const imageAttackers = rest.slice(0, IMAGE_ATTACKERS);
  const viewerUsers = rest.slice(IMAGE_ATTACKERS, IMAGE_ATTACKERS + FANOUT_VIEWERS);
  const fanoutAttackers = rest.slice(IMAGE_ATTACKERS + FANOUT_VIEWERS);
  const loginUser = await prepareLoginUser(handle, signer.id);
  await handle.close();

  const server = await startServer(
    { ...backend.serverEnv, COOKIE_SECRET: cookieSecret, RATE_LIMIT_LOGIN: AUTH_RATE_LIMIT, RATE_LIMIT_REGISTER: AUTH_RATE_LIMIT },
    'server',
  );
  const api = new Api(server.url);
  const wsUrl = `${server.url.replace('http', 'ws')}/api/v1/ws`;
  let attackers: HostileProcess | null = null;
  let socket: MeasuringSocket | null = null;
  const viewers = new FanoutSockets();
  let stopped = false;
  const loops: Promise<void>[] = [];
  try {
    const team = await api.createTeam(owner.cookie, 'Hostile');
    const code = await api.createInvite(owner.cookie, team.id);
    await api.join(sender.cookie, code);
    await api.join(attacker.cookie, code);
    const channels = await api.channels(owner.cookie, team.id);
    const channel = channels.find((c) => c.type === 'text') ?? channels[0];
    if (!channel) throw new Error('the new team has no channel');

    socket = new MeasuringSocket(wsUrl, server.url, owner.cookie, log);
    await socket.connect();
    const measuring = socket;
    attackers = new HostileProcess();

    // The measuring client. A sample belongs to the phase during which it started; samples started
    // between phases are dropped.
    let current = null as Samples | null;
    const healthOnce = async (): Promise<{ ms: number; outcome: string }> => {
      const t0 = performance.now();
      try {
        const { status } = await api.request('GET', '/api/v1/health', '', undefined, AbortSignal.timeout(REQUEST_TIMEOUT_MS));
        return { ms: performance.now() - t0, outcome: String(status) };
      } catch (err) {
        return { ms: performance.now() - t0, outcome: networkErrorName(err) };
      }
    };
    let probes = 0;
    const messageOnce = async (): Promise<{ ms: number; outcome: string }> => {
      const nonce = `hostile:${++probes}`;
      const wait = measuring.waitFor(nonce);
      const t0 = performance.now();
      try {
        const { status } = await api.request(
          'POST',
          `/api/v1/channels/${channel.id}/messages`,
          sender.cookie,
          { content: `hostile-load probe ${probes}`, nonce },
          AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        );
        if (status < 200 || status > 299) {
          wait.cancel();
          return { ms: performance.now() - t0, outcome: `HTTP ${status}` };
        }
      } catch (err) {
        wait.cancel();
        return { ms: performance.now() - t0, outcome: networkErrorName(err) };
      }
      wait.arm();
      const at = await wait.arrival;
      return at === null ? { ms: Number.NaN, outcome: 'not received' } : { ms: at - t0, outcome: 'ok' };
    };

    // Warm-up, outside every phase.
    for (let i = 0; i < 10; i++) await healthOnce();
    for (let i = 0; i < 3; i++) {
      await messageOnce();
      await loginOnce(api, loginUser, REQUEST_TIMEOUT_MS);
      await sleep(MESSAGE_SPACING_MS);
    }

    loops.push(
      (async () => {
        while (!stopped) {
          const into = current;
          const { ms, outcome } = await healthOnce();
          if (into) {
            if (outcome === '200') into.health.push(ms);
            else bump(into.healthFailed, outcome);
          }
          await sleep(HEALTH_PAUSE_MS);
        }
      })(),
      (async () => {
        while (!stopped) {
          const into = current;
          const t0 = performance.now();
          const { ms, outcome } = await messageOnce();
          if (into) {
            if (outcome === 'ok') into.message.push(ms);
            else bump(into.messageFailed, outcome);
          }
          await sleep(Math.max(100, MESSAGE_SPACING_MS - (performance.now() - t0)));
        }
      })(),
      (async () => {
        while (!stopped) {
          const into = current;
          const { ms, outcome } = await loginOnce(api, loginUser, REQUEST_TIMEOUT_MS);
          if (into) {
            if (outcome === '200') into.login.push(ms);
            else bump(into.loginFailed, outcome);
          }
          await sleep(LOGIN_PAUSE_MS);
        }
      })(),
    );

    const phases: PhaseFigures[] = [];
    let flood: FloodReport | null = null;
    let bodies: BodyReport | null = null;
    let guesses: GuessReport | null = null;
    let voiceFlood: VoiceFloodReport | null = null;
    let images: ImageBombReport | null = null;
    const hostile = attackers;
    const runPhase = async (name: string, attack: () => Promise<void>, seconds = HOSTILE_SECONDS) => {
      log(`  phase: ${name}`);
      const into: Samples = { health: [], healthFailed: {}, message: [], messageFailed: {}, login: [], loginFailed: {} };
      const cpu0 = cpuSeconds(server.pid);
      const attackerCpu0 = cpuSeconds(hostile.pid);
      const events0 = measuring.dispatches;
      current = into;
      const attacking = attack();
      await sleep(seconds * 1000);
      current = null;
      const cpu1 = cpuSeconds(server.pid);
      const attackerCpu1 = cpuSeconds(hostile.pid);
      const rss = rssBytes(server.pid);
      const events = measuring.dispatches - events0;
      const after = healthOnce();
      await attacking;
      const { ms: healthAfterMs, outcome: healthAfterOutcome } = await after;
      phases.push({
        phase: name,
        health: summarize(into.health),
        healthFailed: into.healthFailed,
        message: summarize(into.message),
        messageFailed: into.messageFailed,
        login: summarize(into.login),
        loginFailed: into.loginFailed,
        eventsReceived: events,
        serverCpuSeconds: cpu1 - cpu0,
        attackerCpuSeconds: attackerCpu1 - attackerCpu0,
        serverRssMiB: mib(rss),
        healthAfterMs,
        healthAfterOutcome,
      });
      await sleep(2000); // let the measuring loops come back to their pace
    };

    await runPhase('baseline', async () => {});
    await runPhase('presence flood', async () => {
      flood = await hostile.flood(wsUrl, server.url, attacker.cookie, FLOOD_SOCKETS, FLOOD_FRAMES, HOSTILE_SECONDS);
    });
    await runPhase('pathological bodies', async () => {
      bodies = await hostile.bodies(server.url, attacker.cookie, channel.id, BODY_CONNECTIONS, HOSTILE_SECONDS);
    });

    // A file in a direct chat of the owner and the sender (the attacker is not in it), and the
    // attacker's own file of a message they deleted; then a message of the team to walk back from.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(256, 0x20)]);
    const dm = await api.call<{ dm: { id: string } }>('POST', '/api/v1/me/chats', owner.cookie, { users: [{ id: sender.id }] });
    const secret = await api.attach(owner.cookie, pdf, 'secret.pdf', 'application/pdf');
    await api.call('POST', `/api/v1/channels/${dm.dm.id}/messages`, owner.cookie, { content: 'private', attachments: [{ id: secret.id }] });
    const gone = await api.attach(attacker.cookie, pdf, 'gone.pdf', 'application/pdf');
    const sent = await api.call<{ message: { id: string } }>('POST', `/api/v1/channels/${channel.id}/messages`, attacker.cookie, {
      content: 'soon deleted',
      attachments: [{ id: gone.id }],
    });
    await api.call('DELETE', `/api/v1/channels/${channel.id}/messages/${sent.message.id}`, attacker.cookie);
    const publicMessageId = await api.send(owner.cookie, channel.id, 'after the files', 'guess:walk');
    await runPhase('file guessing', async () => {
      const targets = { privateUrl: secret.url, outsiderCookie: attacker.cookie, deletedUrl: gone.url, publicMessageId };
      guesses = await guessFiles(server.url, targets, GUESS_CONNECTIONS, HOSTILE_SECONDS);
    });
    const voice = await api.call<{ channel: { id: string } }>('PUT', `/api/v1/teams/${team.id}/channels`, owner.cookie, { name: 'Flooded', type: 'voice' });
    await runPhase(VOICE_FLOOD_PHASE, async () => {
      voiceFlood = await hostile.voiceFlood(server.url, attacker.cookie, sender.cookie, team.id, voice.channel.id, HOSTILE_SECONDS);
    });
    await runPhase(IMAGE_BOMB_PHASE, async () => {
      images = await hostile.images(
        server.url,
        imageAttackers.map((u) => u.cookie),
        HOSTILE_SECONDS,
      );
    });

    // Fan-out floods: the viewers and one attacker per path join the team (the attackers of paths
    // that need the team's permissions get a role with ADMINISTRATOR), each attacker posts a message
    // to edit and react to; a second channel (typing alternates, renames). Friend requests go to a viewer.
    const other = await api.call<{ channel: { id: string } }>('PUT', `/api/v1/teams/${team.id}/channels`, owner.cookie, { name: 'other', type: 'text' });
    for (const user of [...viewerUsers, ...fanoutAttackers]) await api.join(user.cookie, code);
    let managerRole: string | null = null;
    if (fanoutSpecs.some((spec) => spec.manager)) {
      managerRole = (await api.call<{ role: { id: string } }>('POST', `/api/v1/teams/${team.id}/roles`, owner.cookie, {})).role.id;
      await api.call('PATCH', `/api/v1/teams/${team.id}/roles`, owner.cookie, [
        { id: managerRole, name: 'Managers', permissions: TeamPermission.ADMINISTRATOR },
      ]);
    }
    const friend = viewerUsers[0] ?? sender;
    const friendSlug = (await api.call<{ user: { slug: string } }>('GET', '/api/v1/me', friend.cookie)).user.slug;
    const paths: FanoutPath[] = [];
    for (const [i, spec] of fanoutSpecs.entries()) {
      const user = fanoutAttackers[i]!; // one seeded per path
      if (spec.manager && managerRole) await api.call('POST', `/api/v1/teams/${team.id}/members/${user.id}/roles/${managerRole}`, owner.cookie);
      const messageId = await api.send(user.cookie, channel.id, 'edited and reacted to', `fanout:${i}`);
      paths.push(
        fanoutPath(spec, {
          cookie: user.cookie,
          teamId: team.id,
          channelId: channel.id,
          otherChannelId: other.channel.id,
          messageId,
          friend: { id: friend.id, slug: friendSlug },
        }),
      );
    }
    await viewers.open(
      wsUrl,
      server.url,
      viewerUsers.map((u) => u.cookie),
    );
    await sleep(2000); // the set-up's events delivered before the first phase
    const fanout: FanoutReport[] = [];
    for (const [i, path] of paths.entries()) {
      // The attacker's own socket, when the path needs it, connected (and told) before the phase.
      const attackerSocket = fanoutSpecs[i]?.online ? new FanoutSockets() : null;
      if (attackerSocket) {
        await attackerSocket.open(wsUrl, server.url, [path.cookie]);
        await sleep(1000);
      }
      const events0 = viewers.events;
      await runPhase(
        fanoutPhase(path.name),
        async () => {
          fanout.push(await hostile.fanout(server.url, path, FANOUT_CONNECTIONS, FANOUT_SECONDS));
        },
        FANOUT_SECONDS,
      );
      const report = fanout.at(-1);
      if (report) report.viewerEvents = viewers.events - events0;
      if (attackerSocket) {
        attackerSocket.close();
        await sleep(1000); // its going offline told before the next phase
      }
    }
    if (viewers.closed) log(`  ${viewers.closed} fan-out viewer sockets were closed by the server`);

    stopped = true;
    await Promise.all(loops);
    return {
      backend: backend.name,
      phases,
      flood,
      bodies,
      guesses,
      voiceFlood,
      images,
      fanout,
      fanoutViewers: viewerUsers.length,
      measuringSocketCloses: { ...socket.closes },
    };
  } finally {
    stopped = true;
    socket?.close();
    viewers.close();
    await Promise.all(loops).catch(() => {});
    if (attackers) await attackers.close();
    await server.stop();
  }
}

const CLOSE_NAMES = new Map<number, string>([
  ...Object.entries(CloseCode).map(([name, code]) => [code, name] as [number, string]),
  [1000, 'normal'],
  [1006, 'abnormal'],
  [1009, 'too big'],
]);

function counts(record: Record<string, number>, name: (key: string) => string = (k) => k): string {
  const entries = Object.entries(record).sort((a, b) => b[1] - a[1]);
  return entries.length ? entries.map(([k, n]) => `${name(k)} ×${int(n)}`).join(', ') : '—';
}
const closeName = (code: string) => `${code} ${CLOSE_NAMES.get(Number(code)) ?? ''}`.trim();
const triple = (s: Summary) => (s.count ? `${f1(s.p50)} / ${f1(s.p99)} / ${f1(s.max)}` : '—');
const okFailed = (ok: number, failed: Record<string, number>) => `${int(ok)} (${int(Object.values(failed).reduce((a, b) => a + b, 0))})`;

/** The section's tables for one backend. */
export function hostileReport(f: HostileFigures): string {
  const out: string[] = [];
  out.push(
    `Hostile load, ${f.backend}: ${HOSTILE_SECONDS} s per phase; measuring client: GET /api/v1/health one after another (${HEALTH_PAUSE_MS} ms pause), a second user's message every ${MESSAGE_SPACING_MS} ms at most (send->receive on a third member's socket), a fourth user's login (${LOGIN_PAUSE_MS} ms pause)\n`,
  );
  out.push(
    markdownTable(
      [
        'phase',
        'health p50 / p99 / max, ms',
        'health ok (failed)',
        'send->receive p50 / p99 / max, ms',
        'messages ok (failed)',
        'login p50 / p99 / max, ms',
        'server CPU, s',
        'events on measuring socket',
        'health after the phase, ms',
      ],
      f.phases.map((p) => [
        p.phase,
        triple(p.health),
        okFailed(p.health.count, p.healthFailed),
        triple(p.message),
        okFailed(p.message.count, p.messageFailed),
        triple(p.login),
        f2(p.serverCpuSeconds),
        int(p.eventsReceived),
        p.healthAfterOutcome === '200' ? f1(p.healthAfterMs) : `${f1(p.healthAfterMs)} (${p.healthAfterOutcome})`,
      ]),
    ),
  );
  const failures = f.phases.filter((p) => Object.keys(p.healthFailed).length || Object.keys(p.messageFailed).length || Object.keys(p.loginFailed).length);
  for (const p of failures)
    out.push(`  ${p.phase}: failed health ${counts(p.healthFailed)}; failed messages ${counts(p.messageFailed)}; failed logins ${counts(p.loginFailed)}`);
  if (Object.keys(f.measuringSocketCloses).length) out.push(`  the measuring socket was closed by the server: ${counts(f.measuringSocketCloses, closeName)}`);

  if (f.flood) {
    const fl = f.flood;
    out.push('');
    out.push(
      markdownTable(
        [`presence flood: one user, ${FLOOD_SOCKETS} sockets, ${FLOOD_FRAMES} frames each`, ''],
        [
          ['sockets opened', int(fl.opened)],
          ['accepted (got READY)', fl.ready ? `${int(fl.ready)} (READY after p50 ${f1(fl.readyMs.p50)} ms, max ${f1(fl.readyMs.max)} ms)` : '0'],
          ['refused at the upgrade', counts(fl.refused)],
          ['closed by the server before READY', counts(fl.closedBeforeReady, closeName)],
          ['closed by the server after READY', counts(fl.closedAfterReady, closeName)],
          ['open at the end of the phase', int(fl.openAtEnd)],
          ['neither READY nor closed at the end', int(fl.pendingAtEnd)],
          ['PRESENCE_UPDATE frames sent', int(fl.framesSent)],
          ["frames received by the attacker's sockets", int(fl.framesReceived)],
          ['attacker process CPU, s', f2(f.phases.find((p) => p.phase === 'presence flood')?.attackerCpuSeconds ?? Number.NaN)],
        ],
      ),
    );
  }
  if (f.bodies) {
    out.push('');
    out.push(
      markdownTable(
        [`pathological bodies, ${BODY_CONNECTIONS} connections`, 'body, bytes', 'sent', 'statuses', 'p50 ms', 'p99 ms', 'max ms'],
        f.bodies.kinds.map((k) => [k.kind, int(k.bytes), int(k.sent), counts(k.outcomes), f1(k.latency.p50), f1(k.latency.p99), f1(k.latency.max)]),
      ),
    );
  }
  if (f.guesses) {
    out.push('');
    out.push(
      markdownTable(
        [`file guessing, ${GUESS_CONNECTIONS} connections`, 'sent', 'statuses', 'files served (budget: 0)'],
        f.guesses.kinds.map((k) => [k.kind, int(k.sent), counts(k.statuses), k.served === 0 ? '0' : `${int(k.served)} (over budget)`]),
      ),
    );
  }
  if (f.voiceFlood) out.push('', voiceFloodReport(f.voiceFlood, f.phases, HOSTILE_SECONDS));
  if (f.images) out.push('', imageBombReport(f.images, f.phases, IMAGE_BOMB_PHASE));
  if (f.fanout.length) out.push('', fanoutReport(f.fanout, f.phases, f.fanoutViewers));
  return out.join('\n');
}
