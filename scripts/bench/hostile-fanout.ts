/**
 * The hostile section's fan-out floods (hostile.ts): for each call or gateway frame whose effect
 * other users hear of, one phase in which one user sends it as fast as the server answers, from
 * BENCH_FANOUT_CONNECTIONS connections (HTTP) or one socket reopened whenever the server closes it
 * (frames), while BENCH_FANOUT_VIEWERS other members hold a gateway socket each (counting what they
 * receive) and the measuring client times the other users' health checks, messages and logins.
 * Each path has its own attacker (a fresh member of the team; `manager` paths: with a role holding
 * ADMINISTRATOR), so that no path starts with a limit another path spent. Reported per path: calls
 * sent and their statuses (429 past the per-user limit), events the viewer sockets received, and the
 * others' latency p50 / p95 as a ratio to the baseline phase (budget: at most 2×). The attack runs in
 * the attackers' child process (hostile-clients.ts).
 * Knobs: BENCH_FANOUT_SECONDS=5 (each path), BENCH_FANOUT_CONNECTIONS=4, BENCH_FANOUT_VIEWERS=16,
 * BENCH_FANOUT_PATHS (a comma-separated subset of the names below; default all).
 */
import WebSocket from 'ws';
import { messageText } from '../../apps/server/src/gateway/message-text';
import type { Summary } from './stats';
import { f2, int, markdownTable, times } from './table';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
export const FANOUT_SECONDS = num('BENCH_FANOUT_SECONDS', 5);
export const FANOUT_CONNECTIONS = num('BENCH_FANOUT_CONNECTIONS', 4);
export const FANOUT_VIEWERS = num('BENCH_FANOUT_VIEWERS', 16);

/** One HTTP call of a flood (cycled through in order). */
export interface FloodCall {
  method: string;
  path: string;
  body?: unknown;
}

/** A fan-out path as sent: HTTP calls by one user, or gateway frames from one user's socket. */
export type FanoutPath = { name: string; cookie: string } & ({ calls: FloodCall[] } | { frames: unknown[] });

export interface FanoutCommand {
  type: 'fanout';
  baseUrl: string;
  path: FanoutPath;
  connections: number;
  seconds: number;
}

export interface FanoutReport {
  name: string;
  kind: 'calls' | 'frames';
  sent: number;
  /** HTTP statuses, or for frames the close codes of the socket ("open" at the end). */
  outcomes: Record<string, number>;
  /** Dispatch frames the viewer sockets received together, from the phase's start until 2 s after it (hostile.ts). */
  viewerEvents?: number;
}

/** What the main process knows of the team to aim one path's flood at. */
export interface FanoutTargets {
  /** The path's attacker: a member of the team (with ADMINISTRATOR for `manager` paths). */
  cookie: string;
  teamId: string;
  /** The channel the viewers and the measuring socket read, and a second one (typing alternates; renames). */
  channelId: string;
  otherChannelId: string;
  /** A message of the attacker's in `channelId`, to edit and react to. */
  messageId: string;
  /** A viewer the attacker asks to be friends with (and takes it back). */
  friend: { id: string; slug: string };
}

/** One row of the table: a call or frame others hear of, sent with ever-changing content. */
export interface FanoutPathSpec {
  name: string;
  /** The attacker needs the team's permissions (team and channel settings). */
  manager?: boolean;
  /** The attacker holds a gateway socket through the phase (a chosen status is shown only while connected). */
  online?: boolean;
  build: (t: FanoutTargets, n: number[]) => { calls: FloodCall[] } | { frames: unknown[] };
}

/** Every fan-out path flooded, in order (gateway client frames: PRESENCE_UPDATE and CHANNEL_TYPING; MESSAGE_READ reaches only the reader's own sessions). */
export const FANOUT_PATHS: FanoutPathSpec[] = [
  { name: 'custom status', build: (_, n) => ({ calls: n.map((i) => ({ method: 'POST', path: '/api/v1/me/status', body: { content: `status ${i}` } })) }) },
  { name: 'activity', build: (_, n) => ({ calls: n.map((i) => ({ method: 'POST', path: '/api/v1/me/rpc', body: { name: `Game ${i}` } })) }) },
  {
    name: 'chosen presence',
    online: true,
    build: (_, n) => ({ calls: n.map((i) => ({ method: 'POST', path: '/api/v1/me/presence', body: { status: i % 2 ? 3 : 2 } })) }),
  },
  {
    name: 'username',
    build: (_, n) => ({ calls: n.map((i) => ({ method: 'POST', path: '/api/v1/me/profile/username', body: { username: `Flood ${i}` } })) }),
  },
  {
    name: 'messages',
    build: (t, n) => ({ calls: n.map((i) => ({ method: 'POST', path: `/api/v1/channels/${t.channelId}/messages`, body: { content: `flood ${i}` } })) }),
  },
  {
    name: 'message edits',
    build: (t, n) => ({
      calls: n.map((i) => ({ method: 'PATCH', path: `/api/v1/channels/${t.channelId}/messages/${t.messageId}`, body: { content: `edit ${i}` } })),
    }),
  },
  {
    name: 'reaction toggles',
    build: (t, n) => ({
      calls: n.map((i) => ({
        method: i % 2 ? 'DELETE' : 'POST',
        path: `/api/v1/channels/${t.channelId}/messages/${t.messageId}/reactions/${encodeURIComponent('👍')}`,
      })),
    }),
  },
  {
    name: 'friend requests',
    build: (t, n) => ({
      calls: n.map((i) =>
        i % 2 ? { method: 'DELETE', path: `/api/v1/me/friends/${t.friend.id}` } : { method: 'POST', path: '/api/v1/me/friends', body: { slug: t.friend.slug } },
      ),
    }),
  },
  {
    name: 'team settings',
    manager: true,
    build: (t, n) => ({ calls: n.map((i) => ({ method: 'POST', path: `/api/v1/teams/${t.teamId}`, body: { name: `Hostile ${i}` } })) }),
  },
  {
    name: 'channel renames',
    manager: true,
    build: (t, n) => ({
      calls: n.map((i) => ({ method: 'PATCH', path: `/api/v1/teams/${t.teamId}/channels/${t.otherChannelId}`, body: { name: `other-${i}` } })),
    }),
  },
  {
    name: 'typing frames',
    build: (t, n) => ({
      frames: n.map((i) => ({ type: 'CHANNEL_TYPING', data: { channelId: i % 2 ? t.otherChannelId : t.channelId, teamId: t.teamId } })),
    }),
  },
  { name: 'presence frames', build: (_, n) => ({ frames: n.map((i) => ({ type: 'PRESENCE_UPDATE', data: { presence: i % 2 ? 1 : 2 } })) }) },
];

/** The paths BENCH_FANOUT_PATHS names (all by default). */
export function selectedFanoutPaths(): FanoutPathSpec[] {
  const only = process.env.BENCH_FANOUT_PATHS?.split(',').map((s) => s.trim());
  if (!only) return FANOUT_PATHS;
  const unknown = only.filter((name) => !FANOUT_PATHS.some((p) => p.name === name));
  if (unknown.length) throw new Error(`BENCH_FANOUT_PATHS: no path named ${unknown.join(', ')} (known: ${FANOUT_PATHS.map((p) => p.name).join(', ')})`);
  return FANOUT_PATHS.filter((p) => only.includes(p.name));
}

/** A path's calls or frames for its attacker and team (50, cycled through). */
export function fanoutPath(spec: FanoutPathSpec, t: FanoutTargets): FanoutPath {
  const n = Array.from({ length: 50 }, (_, i) => i);
  return { name: spec.name, cookie: t.cookie, ...spec.build(t, n) };
}

const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

/** In the attackers' process: flood one path until the deadline. */
export async function fanoutFlood(cmd: FanoutCommand): Promise<FanoutReport> {
  const deadline = Date.now() + cmd.seconds * 1000;
  const path = cmd.path;
  const report: FanoutReport = { name: path.name, kind: 'calls' in path ? 'calls' : 'frames', sent: 0, outcomes: {} };
  if ('calls' in path) {
    let next = 0;
    const loop = async () => {
      while (Date.now() < deadline) {
        const call = path.calls[next++ % path.calls.length]!; // modulo of a non-empty list
        report.sent++;
        try {
          const response = await fetch(`${cmd.baseUrl}${call.path}`, {
            method: call.method,
            headers: { 'x-rally-request': '1', cookie: path.cookie, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
            body: call.body === undefined ? undefined : JSON.stringify(call.body),
            signal: AbortSignal.timeout(30_000),
          });
          await response.arrayBuffer();
          bump(report.outcomes, String(response.status));
        } catch (err) {
          bump(report.outcomes, (err as Error).name);
        }
      }
    };
    await Promise.all(Array.from({ length: cmd.connections }, loop));
    return report;
  }
  const frames = path.frames.map((f) => JSON.stringify(f));
  const url = `${cmd.baseUrl.replace('http', 'ws')}/api/v1/ws`;
  while (Date.now() < deadline) {
    const outcome = await new Promise<string>((resolve) => {
      const ws = new WebSocket(url, { headers: { cookie: path.cookie, origin: cmd.baseUrl }, perMessageDeflate: false });
      const stop = setTimeout(() => {
        ws.terminate();
        resolve('open');
      }, deadline - Date.now());
      ws.on('open', () => ws.send(JSON.stringify({ type: 'HEARTBEAT', data: { seq: null } })));
      ws.on('message', (raw) => {
        if (!messageText(raw).includes('"READY"')) return;
        const pump = () => {
          for (let i = 0; i < 20 && ws.readyState === WebSocket.OPEN; i++) {
            ws.send(frames[report.sent++ % frames.length]!); // modulo of a non-empty list
          }
          if (ws.readyState === WebSocket.OPEN) setImmediate(pump);
        };
        pump();
      });
      ws.on('error', () => {});
      ws.on('close', (code) => {
        clearTimeout(stop);
        resolve(String(code));
      });
    });
    bump(report.outcomes, outcome);
    if (outcome !== 'open') await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return report;
}

/**
 * Gateway sockets held in the main process (the viewers; a path's attacker when online), one per member, counting the dispatch frames it
 * receives (but the measuring client's probe messages) and acknowledging them with a heartbeat.
 */
export class FanoutSockets {
  private readonly sockets: WebSocket[] = [];
  private readonly beats: NodeJS.Timeout[] = [];
  /** Dispatch frames received by all the sockets together. */
  events = 0;
  /** Sockets the server closed. */
  closed = 0;

  async open(wsUrl: string, origin: string, cookies: string[]): Promise<void> {
    await Promise.all(cookies.map((cookie) => this.openOne(wsUrl, origin, cookie)));
  }

  private openOne(wsUrl: string, origin: string, cookie: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(wsUrl, { headers: { cookie, origin }, perMessageDeflate: false });
      this.sockets.push(ws);
      let lastSeq = 0;
      let ready = false;
      const timer = setTimeout(() => reject(new Error('fan-out viewer: no READY within 30 s')), 30_000);
      ws.on('open', () => ws.send(JSON.stringify({ type: 'HEARTBEAT', data: { seq: null } })));
      ws.on('message', (raw) => {
        const text = messageText(raw);
        const seq = /^\{"seq":(\d+)/.exec(text);
        if (seq && Number(seq[1]) > lastSeq) {
          lastSeq = Number(seq[1]);
          if (!text.includes('"hostile:')) this.events++; // not a probe message of the measuring client
        }
        if (ready || !text.includes('"READY"')) return;
        const frame = JSON.parse(text) as { type: string; data: { heartbeatInterval: number } };
        if (frame.type !== 'READY') return;
        ready = true;
        lastSeq = 0;
        clearTimeout(timer);
        const beat = () => {
          if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'HEARTBEAT', data: { seq: lastSeq } }));
        };
        this.beats.push(setInterval(beat, Math.min(10_000, frame.data.heartbeatInterval)));
        resolve();
      });
      ws.on('error', () => {
        // The close event follows.
      });
      ws.on('close', (code) => {
        if (!ready) {
          clearTimeout(timer);
          reject(new Error(`fan-out viewer closed before READY: ${code}`));
          return;
        }
        this.closed++;
      });
    });
  }

  close(): void {
    for (const beat of this.beats) clearInterval(beat);
    for (const ws of this.sockets) {
      ws.removeAllListeners();
      ws.on('error', () => {});
      ws.terminate();
    }
  }
}

/** What the report needs of hostile.ts's phase figures. */
interface PhaseLatency {
  phase: string;
  health: Summary;
  message: Summary;
  login: Summary;
  serverCpuSeconds: number;
}

export const fanoutPhase = (name: string) => `fan-out: ${name}`;

/** "p50× / p95×" of a phase's latency against the baseline phase's. */
const ratios = (during: Summary | undefined, baseline: Summary | undefined) => `${times(during?.p50, baseline?.p50)} / ${times(during?.p95, baseline?.p95)}`;

/** One row per path: what was sent, what the server answered, what the viewers heard, the others' latency × baseline. */
export function fanoutReport(reports: FanoutReport[], phases: PhaseLatency[], viewers: number): string {
  const baseline = phases.find((p) => p.phase === 'baseline');
  const rows = reports.map((r) => {
    const during = phases.find((p) => p.phase === fanoutPhase(r.name));
    const frames = r.kind === 'frames';
    const other = Object.entries(r.outcomes)
      .filter(([k]) => frames || (k !== '429' && !/^2\d\d$/.test(k)))
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ×${int(n)}`)
      .join(', ');
    const ok = Object.entries(r.outcomes).reduce((sum, [k, n]) => sum + (/^2\d\d$/.test(k) ? n : 0), 0);
    return [
      r.name,
      int(r.sent),
      frames ? '—' : int(ok),
      frames ? '—' : int(r.outcomes['429'] ?? 0),
      other || '—',
      r.viewerEvents === undefined ? '—' : int(r.viewerEvents),
      during ? f2(during.serverCpuSeconds) : '—',
      ratios(during?.health, baseline?.health),
      ratios(during?.message, baseline?.message),
      ratios(during?.login, baseline?.login),
    ];
  });
  return markdownTable(
    [
      `fan-out floods: ${FANOUT_SECONDS} s each, ${FANOUT_CONNECTIONS} connections (frames: one socket), ${viewers} viewer sockets`,
      'sent',
      '2xx',
      '429',
      'other answers (frames: socket closes)',
      'events on viewer sockets',
      'server CPU, s',
      'health p50 / p95 × baseline',
      'send->receive p50 / p95 × baseline',
      'login p50 / p95 × baseline',
    ],
    rows,
  );
}
