/**
 * The hostile section's fan-out floods (hostile.ts): for each call or gateway frame whose effect
 * other users hear of, one phase in which one user sends it as fast as the server answers, from
 * BENCH_FANOUT_CONNECTIONS connections (HTTP) or one socket reopened whenever the server closes it
 * (frames), while the measuring client times the other users' health checks, messages and logins.
 * Reported per path: calls sent and their statuses (429 past the per-user limit), events the
 * measuring member's socket received, and the others' latency as a ratio to the baseline phase
 * (budget: at most 2×). The attack runs in the attackers' child process (hostile-clients.ts).
 * Knobs: BENCH_FANOUT_SECONDS=5 (each path), BENCH_FANOUT_CONNECTIONS=4, BENCH_FANOUT_PATHS (a
 * comma-separated subset of the names below; default all).
 */
import WebSocket from 'ws';
import { messageText } from '../../apps/server/src/gateway/message-text';
import type { Summary } from './stats';
import { f1, f2, int, markdownTable, times } from './table';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
export const FANOUT_SECONDS = num('BENCH_FANOUT_SECONDS', 5);
export const FANOUT_CONNECTIONS = num('BENCH_FANOUT_CONNECTIONS', 4);

/** One HTTP call of a flood (cycled through in order). */
export interface FloodCall {
  method: string;
  path: string;
  body?: unknown;
}

/** A fan-out path: HTTP calls by one user, or gateway frames from one user's socket. */
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
  sent: number;
  /** HTTP statuses, or for frames the close codes of the socket ("open" at the end). */
  outcomes: Record<string, number>;
}

/** What the main process knows of the team to aim the floods at. */
export interface FanoutTargets {
  /** The attacking member, their team's channels and a message of theirs to edit and react to. */
  attacker: string;
  /** The team's owner (team settings need the permission). */
  owner: string;
  teamId: string;
  channelId: string;
  otherChannelId: string;
  messageId: string;
  /** A user the attacker can ask to be friends with (and take it back). */
  stranger: { id: string; slug: string };
}

/** Every fan-out path the server has, as calls or frames with ever-changing content. */
export function fanoutPaths(t: FanoutTargets): FanoutPath[] {
  const n = Array.from({ length: 50 }, (_, i) => i);
  const message = `/api/v1/channels/${t.channelId}/messages`;
  const reaction = `${message}/${t.messageId}/reactions/${encodeURIComponent('👍')}`;
  const all: FanoutPath[] = [
    { name: 'custom status', cookie: t.attacker, calls: n.map((i) => ({ method: 'POST', path: '/api/v1/me/status', body: { content: `status ${i}` } })) },
    {
      name: 'activity',
      cookie: t.attacker,
      calls: n.map((i) => ({ method: 'POST', path: '/api/v1/me/rpc', body: { name: `Game ${i}` } })),
    },
    { name: 'chosen presence', cookie: t.attacker, calls: n.map((i) => ({ method: 'POST', path: '/api/v1/me/presence', body: { status: i % 2 ? 3 : 2 } })) },
    {
      name: 'username',
      cookie: t.attacker,
      calls: n.map((i) => ({ method: 'POST', path: '/api/v1/me/profile/username', body: { username: `Flood ${i}` } })),
    },
    { name: 'messages', cookie: t.attacker, calls: n.map((i) => ({ method: 'POST', path: message, body: { content: `flood ${i}` } })) },
    {
      name: 'message edits',
      cookie: t.attacker,
      calls: n.map((i) => ({ method: 'PATCH', path: `${message}/${t.messageId}`, body: { content: `edit ${i}` } })),
    },
    { name: 'reactions', cookie: t.attacker, calls: n.map((i) => ({ method: i % 2 ? 'DELETE' : 'POST', path: reaction })) },
    {
      name: 'friend requests',
      cookie: t.attacker,
      calls: n.map((i) =>
        i % 2
          ? { method: 'DELETE', path: `/api/v1/me/friends/${t.stranger.id}` }
          : { method: 'POST', path: '/api/v1/me/friends', body: { slug: t.stranger.slug } },
      ),
    },
    { name: 'team settings', cookie: t.owner, calls: n.map((i) => ({ method: 'POST', path: `/api/v1/teams/${t.teamId}`, body: { name: `Hostile ${i}` } })) },
    {
      name: 'typing',
      cookie: t.attacker,
      frames: n.map((i) => ({ type: 'CHANNEL_TYPING', data: { channelId: i % 2 ? t.otherChannelId : t.channelId, teamId: t.teamId } })),
    },
  ];
  const only = process.env.BENCH_FANOUT_PATHS?.split(',').map((s) => s.trim());
  return only ? all.filter((p) => only.includes(p.name)) : all;
}

const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

/** In the attackers' process: flood one path until the deadline. */
export async function fanoutFlood(cmd: FanoutCommand): Promise<FanoutReport> {
  const deadline = Date.now() + cmd.seconds * 1000;
  const report: FanoutReport = { name: cmd.path.name, sent: 0, outcomes: {} };
  const path = cmd.path;
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

/** What the report needs of hostile.ts's phase figures. */
interface PhaseLatency {
  phase: string;
  health: Summary;
  message: Summary;
  login: Summary;
  eventsReceived: number;
  serverCpuSeconds: number;
}

export const fanoutPhase = (name: string) => `fan-out: ${name}`;

/** One row per path: what was sent, what the server answered, what the measuring member heard, the others' latency × baseline. */
export function fanoutReport(reports: FanoutReport[], phases: PhaseLatency[]): string {
  const baseline = phases.find((p) => p.phase === 'baseline');
  const outcomes = (record: Record<string, number>) =>
    Object.entries(record)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ×${int(n)}`)
      .join(', ') || '—';
  const rows = reports.map((r) => {
    const during = phases.find((p) => p.phase === fanoutPhase(r.name));
    return [
      r.name,
      int(r.sent),
      outcomes(r.outcomes),
      during ? int(during.eventsReceived) : '—',
      during ? f2(during.serverCpuSeconds) : '—',
      times(during?.health.p99, baseline?.health.p99),
      times(during?.message.p99, baseline?.message.p99),
      times(during?.login.p99, baseline?.login.p99),
      during ? `${f1(during.message.p50)} / ${f1(during.message.p99)}` : '—',
    ];
  });
  return markdownTable(
    [
      `fan-out floods, ${FANOUT_SECONDS} s each, ${FANOUT_CONNECTIONS} connections (frames: one socket)`,
      'sent',
      'statuses (frames: socket closes)',
      'events on measuring socket',
      'server CPU, s',
      'health p99 × baseline',
      'send->receive p99 × baseline',
      'login p99 × baseline',
      'send->receive p50 / p99, ms',
    ],
    rows,
  );
}
