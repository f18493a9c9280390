/**
 * The member-list section (BENCH_SECTIONS=members): one team of BENCH_MEMBERS members (10,000), and
 * GET /api/v1/teams/{teamId}/members on it, read one request after another. The team is created
 * through the API; its members are rows (seedMembers), since 10,000 invite joins would measure the
 * join. Prints figures; asserts nothing.
 */
import { Api } from './http';
import { cpuSeconds } from './proc-stats';
import { openBenchDatabase, seedMembers, seedUsers } from './seed';
import { startServer } from './server-process';
import { summarize, type Summary } from './stats';
import { f1, f2, int, markdownTable } from './table';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
export const MEMBERS = num('BENCH_MEMBERS', 10_000);
export const MEMBER_REQUESTS = num('BENCH_MEMBER_REQUESTS', 50);
const WARM_UP = 5;

export interface MembersBackend {
  name: string;
  serverEnv: Record<string, string>;
  target: { dataDir?: string; databaseUrl?: string };
}

export interface MembersFigures {
  backend: string;
  members: number;
  seedMs: number;
  latency: Summary;
  bytes: number;
  serverCpuSecondsPerRequest: number;
}

export async function runMembers(backend: MembersBackend, cookieSecret: string, log: (message: string) => void): Promise<MembersFigures> {
  log(`${backend.name}, member list: seeding ${int(MEMBERS)} users`);
  const t0 = performance.now();
  let handle = await openBenchDatabase(backend.target);
  const users = await seedUsers(handle, MEMBERS, cookieSecret);
  await handle.close();
  const [owner] = users;
  if (!owner) throw new Error('seeding gave no user');

  let server = await startServer({ ...backend.serverEnv, COOKIE_SECRET: cookieSecret }, 'server');
  let teamId: string;
  try {
    teamId = (await new Api(server.url).createTeam(owner.cookie, 'Members')).id;
  } finally {
    await server.stop();
  }
  log(`${backend.name}, member list: ${int(MEMBERS - 1)} members and their roles as rows`);
  handle = await openBenchDatabase(backend.target);
  await seedMembers(handle, teamId, users.slice(1));
  await handle.close();
  const seedMs = performance.now() - t0;

  server = await startServer({ ...backend.serverEnv, COOKIE_SECRET: cookieSecret }, 'server');
  try {
    const api = new Api(server.url);
    const path = `/api/v1/teams/${teamId}/members`;
    const read = async (): Promise<{ ms: number; bytes: number; count: number }> => {
      const start = performance.now();
      const { status, text } = await api.request('GET', path, owner.cookie);
      const ms = performance.now() - start;
      if (status !== 200) throw new Error(`GET ${path}: HTTP ${status} ${text.slice(0, 300)}`);
      return { ms, bytes: Buffer.byteLength(text), count: (JSON.parse(text) as { members: unknown[] }).members.length };
    };
    log(`${backend.name}, member list: ${WARM_UP} warm-up reads, then ${MEMBER_REQUESTS}`);
    for (let i = 0; i < WARM_UP; i++) await read();
    const times: number[] = [];
    let last = { bytes: 0, count: 0 };
    const cpu0 = cpuSeconds(server.pid);
    for (let i = 0; i < MEMBER_REQUESTS; i++) {
      const { ms, bytes, count } = await read();
      times.push(ms);
      last = { bytes, count };
    }
    const cpu = cpuSeconds(server.pid) - cpu0;
    if (last.count !== MEMBERS) throw new Error(`the member list has ${last.count} members, not ${MEMBERS}`);
    return {
      backend: backend.name,
      members: last.count,
      seedMs,
      latency: summarize(times),
      bytes: last.bytes,
      serverCpuSecondsPerRequest: cpu / MEMBER_REQUESTS,
    };
  } finally {
    await server.stop();
  }
}

/** The section's table, one column per backend. */
export function membersReport(results: MembersFigures[]): string {
  const rows: [string, (r: MembersFigures) => string][] = [
    ['members listed', (r) => int(r.members)],
    ['response, KB', (r) => int(r.bytes / 1000)],
    ['GET members p50, ms', (r) => f1(r.latency.p50)],
    ['GET members p90, ms', (r) => f1(r.latency.p90)],
    ['GET members p99, ms', (r) => f1(r.latency.p99)],
    ['GET members max, ms', (r) => f1(r.latency.max)],
    ['server CPU per request, ms', (r) => f1(r.serverCpuSecondsPerRequest * 1000)],
    ['set-up: users, team, members, s', (r) => f2(r.seedMs / 1000)],
  ];
  return [
    `Member list: GET /api/v1/teams/{teamId}/members on a team of ${int(MEMBERS)} members, ${MEMBER_REQUESTS} reads one after another (after ${WARM_UP} warm-up reads)\n`,
    markdownTable(
      ['', ...results.map((r) => r.backend)],
      rows.map(([label, get]) => [label, ...results.map(get)]),
    ),
  ].join('\n');
}
