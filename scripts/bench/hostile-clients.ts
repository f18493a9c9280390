/**
 * The attacking clients of the hostile-load section (hostile.ts), in a child process of their own so
 * that their work does not share an event loop with the measuring client. Driven over IPC:
 *   flood {url, origin, cookie, sockets, frames, seconds, concurrency} -> flooded {FloodReport}
 *   bodies {baseUrl, cookie, channelId, connections, seconds} -> bodies {BodyReport}
 *   voiceFlood {baseUrl, cookie, listenerCookie, teamId, channelId, seconds} -> voiceFlooded {VoiceFloodReport} (hostile-voice.ts)
 *   images {baseUrl, cookies, seconds} -> images {ImageBombReport} (hostile-images.ts)
 *   close -> closed, then exit
 * Every attack stops by itself: the flood after `seconds` (its sockets are then terminated), the
 * bodies after `seconds` plus at most BODY_GRACE_MS for the requests still in flight.
 */
import WebSocket from 'ws';
import { messageText } from '../../apps/server/src/gateway/message-text';
import { stopVoiceFlood, voiceFlood, type VoiceFloodCommand } from './hostile-voice';
import { bombImages } from './hostile-images';
import { fanoutFlood, type FanoutCommand } from './hostile-fanout';
import { networkErrorName } from './http';
import { summarize, type Summary } from './stats';

type Command =
  | { type: 'flood'; url: string; origin: string; cookie: string; sockets: number; frames: number; seconds: number; concurrency: number }
  | { type: 'bodies'; baseUrl: string; cookie: string; channelId: string; connections: number; seconds: number }
  | VoiceFloodCommand
  | { type: 'images'; baseUrl: string; cookies: string[]; seconds: number }
  | FanoutCommand
  | { type: 'close' };

export interface FloodReport {
  /** Sockets the attacker tried to open. */
  opened: number;
  /** Sockets that got READY. */
  ready: number;
  /** Time from opening to READY of those that got it. */
  readyMs: Summary;
  /** Upgrades that failed before a WebSocket existed: "HTTP <status>" or the error. */
  refused: Record<string, number>;
  /** Close codes the server sent before READY (e.g. a per-user socket cap) and after it (e.g. a frame limit). */
  closedBeforeReady: Record<string, number>;
  closedAfterReady: Record<string, number>;
  /** At the end of the phase: sockets live (READY, not closed), and sockets with neither READY nor a close. */
  openAtEnd: number;
  pendingAtEnd: number;
  framesSent: number;
  framesReceived: number;
}

export interface BodyKindReport {
  kind: string;
  bytes: number;
  sent: number;
  /** "<HTTP status>" or the network error ("ECONNRESET", "timeout", "aborted after the phase"). */
  outcomes: Record<string, number>;
  latency: Summary;
}

export interface BodyReport {
  kinds: BodyKindReport[];
  abortedAfterPhase: number;
}

const BODY_REQUEST_TIMEOUT_MS = 120_000;
const BODY_GRACE_MS = 90_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

function send(message: unknown): void {
  process.send!(message);
}

// ---- presence flood ----

const PRESENCE_FRAMES = [1, 2, 3].map((presence) => JSON.stringify({ type: 'PRESENCE_UPDATE', data: { presence } }));
const liveSockets = new Set<WebSocket>();
const timers = new Set<NodeJS.Timeout>();

/**
 * `sockets` sockets with one user's cookie, `concurrency` opening at a time. Each sends HEARTBEAT on
 * open (to get READY at once) and then, from READY, `frames` PRESENCE_UPDATE frames (presence 1, 2,
 * 3, 1, …) evenly over the rest of the phase, or over 60 s when more than 60 s remain: at most
 * `frames` per socket in any 60 s (with the HEARTBEAT, frames + 1).
 */
async function flood(cmd: Extract<Command, { type: 'flood' }>): Promise<FloodReport> {
  const deadline = performance.now() + cmd.seconds * 1000;
  const report: FloodReport = {
    opened: 0,
    ready: 0,
    readyMs: summarize([]),
    refused: {},
    closedBeforeReady: {},
    closedAfterReady: {},
    openAtEnd: 0,
    pendingAtEnd: 0,
    framesSent: 0,
    framesReceived: 0,
  };
  const readyMs: number[] = [];
  const states = new Map<WebSocket, { opened: boolean; ready: boolean; done: boolean }>();

  const startFrames = (ws: WebSocket) => {
    const remaining = deadline - performance.now();
    if (remaining <= 0) return;
    const interval = Math.max(1, Math.min(remaining, 60_000) / cmd.frames);
    let sent = 0;
    const tick = () => {
      if (ws.readyState !== WebSocket.OPEN || sent >= cmd.frames || performance.now() >= deadline) return;
      ws.send(PRESENCE_FRAMES[sent % PRESENCE_FRAMES.length]!); // the remainder is an index
      sent++;
      report.framesSent++;
      const timer = setTimeout(() => {
        timers.delete(timer);
        tick();
      }, interval);
      timers.add(timer);
    };
    const first = setTimeout(() => {
      timers.delete(first);
      tick();
    }, Math.random() * interval);
    timers.add(first);
  };

  /** Open one socket; resolve on READY, on its end, or at 30 s / the deadline. */
  const openOne = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      report.opened++;
      const ws = new WebSocket(cmd.url, { headers: { cookie: cmd.cookie, origin: cmd.origin }, perMessageDeflate: false });
      const state = { opened: false, ready: false, done: false };
      states.set(ws, state);
      liveSockets.add(ws);
      const giveUp = setTimeout(resolve, Math.max(0, Math.min(30_000, deadline - started)));
      const finish = () => {
        clearTimeout(giveUp);
        resolve();
      };
      ws.on('open', () => {
        state.opened = true;
        ws.send(JSON.stringify({ type: 'HEARTBEAT', data: { seq: null } }));
      });
      ws.on('message', (raw) => {
        report.framesReceived++;
        if (state.ready) return;
        const text = messageText(raw);
        if (!text.includes('"READY"') || (JSON.parse(text) as { type: string }).type !== 'READY') return;
        state.ready = true;
        report.ready++;
        readyMs.push(performance.now() - started);
        startFrames(ws);
        finish();
      });
      ws.on('unexpected-response', (req, res) => {
        if (!state.done) bump(report.refused, `HTTP ${res.statusCode}`);
        state.done = true;
        req.destroy();
        liveSockets.delete(ws);
        finish();
      });
      ws.on('error', (err: NodeJS.ErrnoException) => {
        // Once the socket had opened, the close event (1006) that follows is the outcome.
        if (state.done || state.opened) return;
        state.done = true;
        bump(report.refused, err.code ?? err.message.slice(0, 60));
        liveSockets.delete(ws);
        finish();
      });
      ws.on('close', (code) => {
        liveSockets.delete(ws);
        if (state.done) return;
        state.done = true;
        bump(state.ready ? report.closedAfterReady : report.closedBeforeReady, String(code));
        finish();
      });
    });

  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(cmd.concurrency, cmd.sockets) }, async () => {
      while (next < cmd.sockets && performance.now() < deadline) {
        next++;
        await openOne();
      }
    }),
  );
  const wait = deadline - performance.now();
  if (wait > 0) await sleep(wait);

  for (const [ws, state] of states) {
    if (!state.done) {
      if (state.ready) report.openAtEnd++;
      else report.pendingAtEnd++;
    }
    ws.removeAllListeners();
    ws.on('error', () => {});
    ws.terminate();
  }
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  liveSockets.clear();
  report.readyMs = summarize(readyMs);
  return report;
}

// ---- pathological bodies ----

interface BodyKind {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  /** Sent with the attacker's session cookie (otherwise signed out). */
  signedIn: boolean;
  body?: string;
}

/** The e-mail of the probe: "a@" + "a." × n + "@" (quadratic for the pattern `[^\s@]+\.[^\s@]+`). */
const redosEmail = (n: number) => `a@${'a.'.repeat(n)}@`;

function bodyKinds(channelId: string): BodyKind[] {
  const registerBody = (email: string) =>
    JSON.stringify({ username: 'hostile', email, password: 'hostile-password', captchaToken: 'x', birthdate: { day: 1, month: 1, year: 2000 }, consent: true });
  const depth = 4_000;
  const bigPassword = 'p'.repeat(1_000_000 - JSON.stringify({ email: 'hostile@example.com', password: '' }).length);
  return [
    {
      kind: 'login, ReDoS e-mail, 120 KB',
      method: 'POST',
      path: '/api/v1/login',
      signedIn: false,
      body: JSON.stringify({ email: redosEmail(60_000), password: 'x' }),
    },
    {
      kind: 'login, ReDoS e-mail, 8 KB',
      method: 'POST',
      path: '/api/v1/login',
      signedIn: false,
      body: JSON.stringify({ email: redosEmail(4_000), password: 'x' }),
    },
    { kind: 'register, ReDoS e-mail, 120 KB', method: 'POST', path: '/api/v1/register', signedIn: false, body: registerBody(redosEmail(60_000)) },
    { kind: 'register, ReDoS e-mail, 8 KB', method: 'POST', path: '/api/v1/register', signedIn: false, body: registerBody(redosEmail(3_950)) },
    {
      kind: 'login, 1 MB JSON',
      method: 'POST',
      path: '/api/v1/login',
      signedIn: false,
      body: JSON.stringify({ email: 'hostile@example.com', password: bigPassword }),
    },
    {
      kind: `login, JSON nested ${depth.toLocaleString('en')} deep`,
      method: 'POST',
      path: '/api/v1/login',
      signedIn: false,
      body: `{"email":${'['.repeat(depth)}${']'.repeat(depth)},"password":"x"}`,
    },
    {
      kind: 'login, NUL characters',
      method: 'POST',
      path: '/api/v1/login',
      signedIn: false,
      body: JSON.stringify({ email: 'nul\u0000@example.com', password: 'pass\u0000word' }),
    },
    { kind: 'create team, NUL in name', method: 'POST', path: '/api/v1/teams', signedIn: true, body: JSON.stringify({ name: 'nul\u0000team' }) },
    {
      kind: 'message, NUL in content',
      method: 'POST',
      path: `/api/v1/channels/${channelId}/messages`,
      signedIn: true,
      body: JSON.stringify({ content: 'nul\u0000message', nonce: 'hostile-nul' }),
    },
    { kind: 'GET team 99999999999999999999 channels', method: 'GET', path: '/api/v1/teams/99999999999999999999/channels', signedIn: true },
    { kind: 'GET channel 2^64 messages', method: 'GET', path: '/api/v1/channels/18446744073709551616/messages', signedIn: true },
  ];
}

/**
 * `connections` loops, each sending one request at a time, the kinds in turn (in an order that
 * alternates the large bodies with the small ones) until the deadline. A kind not sent by then (when
 * the server took seconds per request) is sent once after it, so that every kind has an outcome.
 */
async function bodies(cmd: Extract<Command, { type: 'bodies' }>): Promise<BodyReport> {
  const runs = bodyKinds(cmd.channelId).map((kind) => {
    const stat: Omit<BodyKindReport, 'latency'> & { times: number[] } = {
      kind: kind.kind,
      bytes: kind.body ? Buffer.byteLength(kind.body) : 0,
      sent: 0,
      outcomes: {},
      times: [],
    };
    return { kind, stat };
  });
  // Largest, smallest, second largest, second smallest, …
  const bySize = [...runs].sort((a, b) => b.stat.bytes - a.stat.bytes);
  const larger = bySize.slice(0, Math.ceil(bySize.length / 2));
  const smaller = bySize.slice(larger.length).reverse();
  const order = larger.flatMap((run, k) => [run, ...smaller.slice(k, k + 1)]);
  const deadline = performance.now() + cmd.seconds * 1000;
  const afterPhase = new AbortController();
  let abortedAfterPhase = 0;
  let next = 0;
  const pick = (): (typeof runs)[number] | undefined => {
    if (performance.now() < deadline) return order[next++ % order.length];
    return afterPhase.signal.aborted ? undefined : runs.find((run) => run.stat.sent === 0);
  };
  const loops = Array.from({ length: cmd.connections }, async () => {
    for (let run = pick(); run; run = pick()) {
      const { kind, stat } = run;
      stat.sent++;
      const t0 = performance.now();
      try {
        const response = await fetch(`${cmd.baseUrl}${kind.path}`, {
          method: kind.method,
          headers: {
            'x-rally-request': '1',
            ...(kind.signedIn ? { cookie: cmd.cookie } : {}),
            ...(kind.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: kind.body,
          signal: AbortSignal.any([afterPhase.signal, AbortSignal.timeout(BODY_REQUEST_TIMEOUT_MS)]),
        });
        await response.arrayBuffer();
        bump(stat.outcomes, String(response.status));
        stat.times.push(performance.now() - t0);
      } catch (err) {
        if (afterPhase.signal.aborted) {
          abortedAfterPhase++;
          bump(stat.outcomes, 'aborted after the phase');
        } else {
          bump(stat.outcomes, networkErrorName(err));
          stat.times.push(performance.now() - t0);
        }
      }
    }
  });
  const grace = new Promise<void>((resolve) => setTimeout(resolve, cmd.seconds * 1000 + BODY_GRACE_MS));
  await Promise.race([Promise.all(loops), grace]);
  afterPhase.abort();
  await Promise.all(loops);
  return {
    kinds: runs.map(({ stat: s }) => ({ kind: s.kind, bytes: s.bytes, sent: s.sent, outcomes: s.outcomes, latency: summarize(s.times) })),
    abortedAfterPhase,
  };
}

process.on('message', (cmd: Command) => {
  switch (cmd.type) {
    case 'flood':
      void flood(cmd).then((report) => send({ type: 'flooded', ...report }));
      break;
    case 'bodies':
      void bodies(cmd).then((report) => send({ type: 'bodies', ...report }));
      break;
    case 'voiceFlood':
      void voiceFlood(cmd).then((report) => send({ type: 'voiceFlooded', ...report }));
      break;
    case 'images':
      void bombImages(cmd.baseUrl, cmd.cookies, cmd.seconds).then((report) => send({ type: 'images', ...report }));
      break;
    case 'fanout':
      void fanoutFlood(cmd).then((report) => send({ type: 'fanned', ...report }));
      break;
    case 'close':
      stopVoiceFlood();
      for (const timer of timers) clearTimeout(timer);
      for (const ws of liveSockets) {
        ws.removeAllListeners();
        ws.on('error', () => {});
        ws.terminate();
      }
      send({ type: 'closed' });
      setTimeout(() => process.exit(0), 100);
      break;
  }
});
process.on('disconnect', () => process.exit(0));
