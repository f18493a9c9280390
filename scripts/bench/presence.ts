/**
 * The presence section (BENCH_SECTIONS=presence): presence fan-out for a user in
 * BENCH_PRESENCE_TEAMS teams (100, the most one user may be in). BENCH_PRESENCE_WATCHERS users
 * (500) are members of 10 of those teams each and connected; the user, connected too, changes
 * their status (POST /api/v1/me/presence, do not disturb and back) BENCH_PRESENCE_CHANGES times,
 * one after another. Each change is one PRESENCE_UPDATE envelope to the user's circle (their 100
 * teams and their friends), which each watcher's socket must receive once, however many teams it
 * shares with the user. The teams are created through the API; the memberships are rows (5,000
 * invite joins would measure the join). Prints figures; asserts nothing.
 */
import { eq, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { teamMembers, teams } from '../../apps/server/src/db/schema';
import { messageText } from '../../apps/server/src/gateway/message-text';
import { Api } from './http';
import { cpuSeconds } from './proc-stats';
import { openBenchDatabase, seedUsers, type BenchUser } from './seed';
import { startServer } from './server-process';
import { mapLimit, summarize, type Summary } from './stats';
import { f1, int, markdownTable } from './table';
import { RATE_LIMITS } from '@rally/shared/limits';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
export const PRESENCE_TEAMS = num('BENCH_PRESENCE_TEAMS', 100);
export const PRESENCE_WATCHERS = num('BENCH_PRESENCE_WATCHERS', 500);
export const PRESENCE_CHANGES = num('BENCH_PRESENCE_CHANGES', 30);
/** Teams each watcher shares with the user. */
const SHARED = Math.min(10, PRESENCE_TEAMS);

export interface PresenceBackend {
  name: string;
  serverEnv: Record<string, string>;
  target: { dataDir?: string; databaseUrl?: string };
}

/** Status changes are spaced so that the per-user limit of changes a circle hears of (RATE_LIMITS.circle) is never reached. */
const CHANGE_SPACING_MS = Math.ceil(RATE_LIMITS.circle.windowMs / RATE_LIMITS.circle.count) + 50;

export interface PresenceFigures {
  backend: string;
  teams: number;
  watchers: number;
  changes: number;
  /** From the POST to each watcher's frame. */
  perWatcher: Summary;
  /** From the POST to the last watcher's frame, per change. */
  allReached: Summary;
  /** PRESENCE_UPDATE frames about the user per watcher per change (1: each socket once). */
  framesPerWatcherPerChange: number;
  serverCpuMsPerChange: number;
  seedMs: number;
}

interface Watcher {
  ws: WebSocket;
  /** When the frame with each presence last arrived (performance.now()). */
  received: number;
}

export async function runPresence(backend: PresenceBackend, cookieSecret: string, log: (message: string) => void): Promise<PresenceFigures> {
  log(`${backend.name}, presence: seeding ${int(PRESENCE_WATCHERS + 1)} users`);
  const t0 = performance.now();
  let handle = await openBenchDatabase(backend.target);
  const users = await seedUsers(handle, PRESENCE_WATCHERS + 1, cookieSecret);
  await handle.close();
  const [subject, ...watchers] = users as [BenchUser, ...BenchUser[]];

  let server = await startServer({ ...backend.serverEnv, COOKIE_SECRET: cookieSecret }, 'server');
  const teamIds: string[] = [];
  try {
    log(`${backend.name}, presence: ${PRESENCE_TEAMS} teams of the user through the API`);
    const api = new Api(server.url);
    for (let i = 0; i < PRESENCE_TEAMS; i++) teamIds.push((await api.createTeam(subject.cookie, `Presence ${i + 1}`)).id);
  } finally {
    await server.stop();
  }
  log(`${backend.name}, presence: each of ${int(PRESENCE_WATCHERS)} watchers a member of ${SHARED} of them (rows)`);
  handle = await openBenchDatabase(backend.target);
  const joinedAt = new Date(Date.now() - 3_600_000);
  const rows = watchers.flatMap((w, j) =>
    Array.from({ length: SHARED }, (_, k) => ({ teamId: teamIds[(j + k * 7) % PRESENCE_TEAMS]!, userId: w.id, joinedAt })),
  ); // index mod length
  for (let from = 0; from < rows.length; from += 1000) await handle.db.insert(teamMembers).values(rows.slice(from, from + 1000));
  for (const teamId of teamIds)
    await handle.db
      .update(teams)
      .set({ memberCount: sql`(SELECT count(*) FROM team_members WHERE team_id = ${teamId})` })
      .where(eq(teams.id, teamId));
  await handle.close();
  const seedMs = performance.now() - t0;

  server = await startServer({ ...backend.serverEnv, COOKIE_SECRET: cookieSecret }, 'server');
  const sockets: WebSocket[] = [];
  try {
    const wsUrl = `${server.url.replace('http', 'ws')}/api/v1/ws`;
    /** Every watcher's latest PRESENCE_UPDATE about the user: [presence, arrival], and how many arrived. */
    const seen: Watcher[] = [];
    let frames = 0;
    const connect = (user: BenchUser, onFrame?: (watcher: Watcher, presence: number) => void) =>
      new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(wsUrl, { headers: { cookie: user.cookie, origin: server.url }, perMessageDeflate: false });
        sockets.push(ws);
        const watcher: Watcher = { ws, received: 0 };
        ws.on('open', () => ws.send(JSON.stringify({ type: 'HEARTBEAT', data: { seq: null } })));
        ws.on('error', reject);
        ws.on('message', (raw) => {
          const text = messageText(raw);
          if (text.startsWith('{"type":"READY"')) {
            if (onFrame) seen.push(watcher);
            resolve();
            return;
          }
          if (!onFrame || !text.includes('"PRESENCE_UPDATE"')) return;
          const frame = JSON.parse(text) as { type: string; data: { presences: Array<{ userId: string; presence: number }> } };
          if (frame.type !== 'PRESENCE_UPDATE') return;
          for (const entry of frame.data.presences) if (entry.userId === subject.id) onFrame(watcher, entry.presence);
        });
      });
    let expected = -1;
    log(`${backend.name}, presence: connecting ${int(PRESENCE_WATCHERS)} watchers and the user`);
    await mapLimit(watchers, 50, (w) =>
      connect(w, (watcher, presence) => {
        if (presence !== expected) return;
        frames++;
        watcher.received = performance.now();
      }),
    );
    await connect(subject);
    await new Promise((resolve) => setTimeout(resolve, 2000)); // the user's own online goes out first

    const api = new Api(server.url);
    const perWatcher: number[] = [];
    const allReached: number[] = [];
    frames = 0;
    const cpu0 = cpuSeconds(server.pid);
    let lastStart = 0;
    log(`${backend.name}, presence: ${PRESENCE_CHANGES} status changes, one every ${CHANGE_SPACING_MS} ms at most`);
    for (let i = 0; i < PRESENCE_CHANGES; i++) {
      // A person may change what their circle sees RATE_LIMITS.circle.count times a window: one change per share of it.
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, Math.max(0, CHANGE_SPACING_MS - (performance.now() - lastStart))));
      lastStart = performance.now();
      expected = i % 2 === 0 ? 3 : 1;
      for (const w of seen) w.received = 0;
      const start = performance.now();
      await api.call('POST', '/api/v1/me/presence', subject.cookie, { status: expected });
      const deadline = start + 15_000;
      while (seen.some((w) => w.received === 0) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
      const times = seen.filter((w) => w.received > 0).map((w) => w.received - start);
      if (times.length < seen.length) log(`  change ${i + 1}: ${seen.length - times.length} watchers got nothing within 15 s`);
      perWatcher.push(...times);
      allReached.push(Math.max(...times));
    }
    const cpu = cpuSeconds(server.pid) - cpu0;
    return {
      backend: backend.name,
      teams: PRESENCE_TEAMS,
      watchers: seen.length,
      changes: PRESENCE_CHANGES,
      perWatcher: summarize(perWatcher),
      allReached: summarize(allReached),
      framesPerWatcherPerChange: frames / (PRESENCE_CHANGES * Math.max(1, seen.length)),
      serverCpuMsPerChange: (cpu / PRESENCE_CHANGES) * 1000,
      seedMs,
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    await server.stop();
  }
}

/** The section's table, one column per backend. */
export function presenceReport(results: PresenceFigures[]): string {
  const rows: [string, (r: PresenceFigures) => string][] = [
    ['watchers connected', (r) => int(r.watchers)],
    ['frames per watcher per change', (r) => r.framesPerWatcherPerChange.toFixed(2)],
    ['POST → a watcher p50, ms', (r) => f1(r.perWatcher.p50)],
    ['POST → a watcher p99, ms', (r) => f1(r.perWatcher.p99)],
    ['POST → last watcher p50, ms', (r) => f1(r.allReached.p50)],
    ['POST → last watcher max, ms', (r) => f1(r.allReached.max)],
    ['server CPU per change, ms', (r) => f1(r.serverCpuMsPerChange)],
    ['set-up, s', (r) => f1(r.seedMs / 1000)],
  ];
  return [
    `Presence fan-out: a user in ${PRESENCE_TEAMS} teams, ${int(PRESENCE_WATCHERS)} connected watchers each sharing ${SHARED} of them; ${PRESENCE_CHANGES} status changes (POST /api/v1/me/presence) one after another\n`,
    markdownTable(
      ['', ...results.map((r) => r.backend)],
      rows.map(([label, get]) => [label, ...results.map(get)]),
    ),
  ].join('\n');
}
