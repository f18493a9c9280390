/**
 * npm run bench: gateway fan-out and history reads against a real server process, on the embedded
 * database (PGlite) and, when reachable, on PostgreSQL + Redis; then the hostile-load section
 * (hostile.ts): health and message latency of well-behaved users while one user floods the gateway
 * and anonymous clients send pathological bodies. Prints figures; asserts nothing.
 * See docs/performance.md for what is measured and how. Knobs (environment):
 *   BENCH_SECTIONS=budgets,hostile,members,search,client (budgets: sockets, fan-out and history; hostile:
 *   hostile load; members: GET /api/v1/teams/{teamId}/members of a 10,000-member team, members.ts;
 *   presence: presence fan-out for a user in 100 teams, presence.ts;
 *   search: GET /api/v1/search/messages over 1,000,000 messages, search.ts;
 *   client: the web client's member list grouping of 10,000 members, member-list.ts;
 *   scroll: the web client's message list scrolled up through 3,000 of 100,000 messages in headless
 *   Chromium, frame times and DOM size, history-scroll.ts;
 *   voice: the SFU alone with simulated participants, voice.ts; `npm run bench voice` also works)
 *   BENCH_VOICE_SECONDS=8 BENCH_VOICE_SIZES=2,4,8 BENCH_VOICE_TALKERS=10 BENCH_VOICE_LISTENERS=4,8,14,20,28,40,56,72,90
 *   BENCH_PRESENCE_TEAMS=100 BENCH_PRESENCE_WATCHERS=500 BENCH_PRESENCE_CHANGES=30
 *   BENCH_MEMBERS=10000 BENCH_MEMBER_REQUESTS=50
 *   BENCH_SCROLL_MESSAGES=100000 BENCH_SCROLL_THROUGH=3000 BENCH_SCROLL_STEP=100 (px a frame) BENCH_WEB_DIST
 *   BENCH_USERS=1000 BENCH_SENDERS=20 BENCH_RATE=20 (messages/s) BENCH_SECONDS=15
 *   BENCH_MESSAGES=1000000 BENCH_HISTORY_REQUESTS=500 BENCH_HISTORY_WARMUP=200 BENCH_BACKENDS=pglite,postgres
 *   BENCH_READERS=100 (sockets reading #general during the fan-out) BENCH_UNREAD_REQUESTS=200 (unread.ts)
 *   BENCH_REACT_EVERY=5 (one message in this many gets a reaction during the fan-out)
 *   BENCH_HOSTILE_SECONDS=10 (each phase) BENCH_FLOOD_SOCKETS=300 BENCH_FLOOD_FRAMES=110 (per socket
 *   per 60 s) BENCH_BODY_CONNECTIONS=4 BENCH_GUESS_CONNECTIONS=4 BENCH_IMAGE_ATTACKERS=4
 *   BENCH_FANOUT_SECONDS=5 BENCH_FANOUT_CONNECTIONS=4 BENCH_FANOUT_VIEWERS=16 BENCH_FANOUT_PATHS (hostile-fanout.ts)
 *   DATABASE_URL / REDIS_URL (default postgres://postgres@127.0.0.1:5432/test, redis://127.0.0.1:6379)
 *   BENCH_BASELINE=<commit-ish> (or BENCH_BASELINE_ROOT=<checkout>): run that commit's own bench, then this
 *   tree's, and print the ratios current / baseline (baseline.ts); BENCH_ROUNDS=1 BENCH_REGRESSION=1.10
 *   BENCH_SERVER_ROOT: only the server under test from another tree (this tree's bench and schema)
 * Only the hostile section, quickly: BENCH_SECTIONS=hostile BENCH_BACKENDS=pglite npm run bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Api } from './http';
import { baselineOptions, runAgainstBaseline } from './baseline';
import { memberListReport, runMemberListBench } from './member-list';
import { MEMBERS, MEMBER_REQUESTS, membersReport, runMembers, type MembersFigures } from './members';
import { runSearch, SEARCH_MESSAGES, SEARCH_REQUESTS, searchReport, type SearchFigures } from './search';
import { READERS, UNREAD_REQUESTS, backdateMembership, runUnreadReads, type UnreadFigures } from './unread';
import { PRESENCE_CHANGES, PRESENCE_TEAMS, PRESENCE_WATCHERS, presenceReport, runPresence, type PresenceFigures } from './presence';
import { historyScrollAvailable, historyScrollReport, runHistoryScroll, SCROLL_MESSAGES, SCROLL_THROUGH, type ScrollFigures } from './history-scroll';
import { ClientProcess } from './client-process';
import { runVoiceBench, voiceReport } from './voice';
import { cpuSeconds, machineInfo, rssBytes } from './proc-stats';
import { startServer, type ServerProcess } from './server-process';
import { FLOOD_FRAMES, FLOOD_SOCKETS, HOSTILE_SECONDS, hostileReport, runHostile, type HostileFigures } from './hostile';
import { openBenchDatabase, seedMessages, seedUsers, type BenchUser } from './seed';
import { mapLimit, preciseNow, sleep, summarize, type Summary } from './stats';
import { f1, f2, int, markdownTable, mib } from './table';
import { createBenchDatabase, dropBenchDatabase, deleteRedisPrefix, postgresReachable, redisReachable } from './services';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const USERS = num('BENCH_USERS', 1000);
const SENDERS = Math.min(num('BENCH_SENDERS', 20), USERS);
const RATE = num('BENCH_RATE', 20);
const SECONDS = num('BENCH_SECONDS', 15);
const MESSAGES = num('BENCH_MESSAGES', 1_000_000);
const HISTORY_REQUESTS = num('BENCH_HISTORY_REQUESTS', 500);
/** History reads before the measured ones: the server has just restarted, and its first hundred answers or so still run unoptimised code. */
const HISTORY_WARMUP = num('BENCH_HISTORY_WARMUP', 200);
/** One message in this many gets a reaction during the fan-out. */
const REACT_EVERY = num('BENCH_REACT_EVERY', 5);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',').map((s) => s.trim());
const ALL_SECTIONS = ['budgets', 'hostile', 'members', 'search', 'presence', 'client', 'scroll', 'voice'];
/** `npm run bench voice` (or `voice,members`) names the sections too. */
const SECTIONS = (process.argv[2] ?? process.env.BENCH_SECTIONS ?? ALL_SECTIONS.join(',')).split(',').map((s) => s.trim());
for (const section of SECTIONS) if (!ALL_SECTIONS.includes(section)) throw new Error(`BENCH_SECTIONS: unknown section ${section} (${ALL_SECTIONS.join(', ')})`);
/** The sections that run against a server and a database (each backend). */
const SERVER_SECTIONS = ['budgets', 'hostile', 'members', 'search', 'presence', 'scroll'];
const ADMIN_DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const COOKIE_SECRET = `bench-${randomBytes(16).toString('hex')}`;

interface Figures {
  backend: string;
  usersSeedMs: number;
  teamSetupMs: number;
  connectMs: number;
  socketsReady: number;
  socketsFailed: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
  bytesPerSocket: number;
  messagesSent: number;
  sendFailures: number;
  deliveries: number;
  expectedDeliveries: number;
  deliveriesPerSecond: number;
  serverCpuSeconds: number;
  clientCpuSeconds: number;
  senderCpuSeconds: number;
  loadAverage: number;
  deliveriesPerCpuSecond: number;
  latency: Summary;
  seedMessagesMs: number;
  history: Summary;
  historyPageSize: number;
  /** MESSAGE_READ frames the reading sockets sent during the fan-out. */
  readsSent: number;
  /** Reactions added during the fan-out (failed). */
  reactions: number;
  reactionFailures: number;
  unread: UnreadFigures;
}

const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

interface Backend {
  name: string;
  /** Environment of the server process. */
  serverEnv: Record<string, string>;
  /** Where the bench opens the database itself (only while no server runs, for PGlite). */
  target: { dataDir?: string; databaseUrl?: string };
  cleanup(): Promise<void>;
}

async function pgliteBackend(): Promise<Backend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bench-'));
  return {
    name: 'PGlite (embedded)',
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
    target: { dataDir },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresBackend(): Promise<Backend> {
  const stamp = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const { name, url } = await createBenchDatabase(ADMIN_DATABASE_URL, `rally_bench_${stamp}`);
  const prefix = `rally-bench-${stamp}:`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bench-pg-'));
  return {
    name: 'PostgreSQL + Redis',
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: url, REDIS_URL, REDIS_PREFIX: prefix },
    target: { databaseUrl: url },
    cleanup: async () => {
      await dropBenchDatabase(ADMIN_DATABASE_URL, name);
      await deleteRedisPrefix(REDIS_URL, prefix);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function start(backend: Backend, label: string): Promise<ServerProcess> {
  return startServer({ ...backend.serverEnv, COOKIE_SECRET }, label);
}

async function runBackend(backend: Backend): Promise<Figures> {
  log(`${backend.name}: seeding ${USERS} users with sessions`);
  let t = performance.now();
  let handle = await openBenchDatabase(backend.target);
  const users: BenchUser[] = await seedUsers(handle, USERS, COOKIE_SECRET);
  await handle.close();
  const usersSeedMs = performance.now() - t;

  let server = await start(backend, 'server');
  const api = new Api(server.url);
  let clients: ClientProcess | null = null;
  try {
    log(`${backend.name}: one team, ${USERS - 1} joins through the API`);
    t = performance.now();
    const [owner] = users;
    if (!owner) throw new Error('seeding gave no user');
    const team = await api.createTeam(owner.cookie, 'Bench');
    const code = await api.createInvite(owner.cookie, team.id);
    await mapLimit(users.slice(1), 8, (u) => api.join(u.cookie, code));
    const channels = await api.channels(owner.cookie, team.id);
    const channel = channels.find((c) => c.type === 'text') ?? channels[0];
    if (!channel) throw new Error('the new team has no channel');
    const teamSetupMs = performance.now() - t;

    // A fresh server process for the socket figures: the joins above leave garbage whose collection
    // would otherwise land in the middle of the memory reading.
    await server.stop();
    server = await start(backend, 'server');
    await sleep(3000);
    const rssBefore = rssBytes(server.pid);
    log(`${backend.name}: connecting ${USERS} gateway clients (server RSS ${mib(rssBefore)} MiB)`);
    clients = new ClientProcess();
    const wsUrl = `${server.url.replace('http', 'ws')}/api/v1/ws`;
    const sendApi = new Api(server.url);
    const connected = await clients.connect(
      wsUrl,
      server.url,
      users.map((u) => u.cookie),
      50,
      READERS,
    );
    if (connected.failed) log(`  ${connected.failed} sockets failed, e.g. ${connected.errors.join(' | ')}`);
    await sleep(5000); // idle: let allocation settle
    const rssAfter = rssBytes(server.pid);
    const bytesPerSocket = connected.ready ? (rssAfter - rssBefore) / connected.ready : Number.NaN;
    log(`  ${connected.ready} READY in ${Math.round(connected.ms)} ms; server RSS ${mib(rssAfter)} MiB`);

    // Fan-out: RATE messages/s for SECONDS from SENDERS members (each well under its send limit).
    const total = RATE * SECONDS;
    const senders = users.slice(1, SENDERS + 1);
    log(`${backend.name}: sending ${total} messages at ${RATE}/s from ${senders.length} senders`);
    await clients.reset();
    const cpu0 = cpuSeconds(server.pid);
    const clientCpu0 = cpuSeconds(clients.pid);
    const benchCpu0 = process.cpuUsage();
    const started = performance.now();
    let sendFailures = 0;
    let reactions = 0;
    let reactionFailures = 0;
    // Members who neither send nor take part in the unread reads.
    const reactors = users.slice(SENDERS + 3, SENDERS + 23);
    const pending: Promise<void>[] = [];
    for (let k = 0; k < total; k++) {
      const due = started + (k * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const sender = senders[k % senders.length]!; // the remainder is an index
      // Each message mentions a member (resolved on send, counted by their unread badge).
      const mentioned = users[(k * 7919) % users.length]!; // the remainder is an index
      // Every REACT_EVERY-th message gets a reaction from another member once it is sent (each reaction is a write and a fan-out too).
      const reactor = k % REACT_EVERY === 0 ? reactors[(k / REACT_EVERY) % reactors.length] : undefined;
      pending.push(
        sendApi
          .send(sender.cookie, channel.id, `bench message ${k} for <@${mentioned.id}>`, `bench:${preciseNow()}`)
          .then(async (messageId) => {
            if (!reactor) return;
            reactions++;
            await sendApi.react(reactor.cookie, channel.id, messageId, '👍').catch((err) => {
              reactionFailures++;
              if (reactionFailures <= 3) log(`  reaction failed: ${err instanceof Error ? err.message : err}`);
            });
          })
          .catch((err) => {
            sendFailures++;
            if (sendFailures <= 3) log(`  send failed: ${err instanceof Error ? err.message : err}`);
          }),
      );
    }
    await Promise.all(pending);
    const expected = (total - sendFailures) * connected.ready;
    const waitUntil = performance.now() + 15_000;
    while (performance.now() < waitUntil && (await clients.count()).deliveries < expected) await sleep(100);
    const cpu1 = cpuSeconds(server.pid);
    const clientCpu = cpuSeconds(clients.pid) - clientCpu0;
    const benchCpuUsage = process.cpuUsage(benchCpu0);
    const senderCpu = (benchCpuUsage.user + benchCpuUsage.system) / 1e6;
    const load = os.loadavg()[0] ?? Number.NaN; // the 1-minute average (always there; NaN prints as n/a)
    const report = await clients.report();
    const window = (report.lastAt - report.firstAt) / 1000 || Number.NaN;
    await clients.close();
    clients = null;
    if (report.unexpectedCloses) log(`  ${report.unexpectedCloses} sockets closed during the run`);
    await server.stop();

    log(`${backend.name}: seeding ${MESSAGES.toLocaleString('en')} messages in #${channel.name}`);
    t = performance.now();
    handle = await openBenchDatabase(backend.target);
    await seedMessages(handle, channel.id, owner.id, MESSAGES, (done) => process.stdout.write(`\r  ${done.toLocaleString('en')} rows`));
    process.stdout.write('\n');
    // Two members who sent nothing (one's own message counts as read up to it).
    const [away, caughtUp] = users.slice(SENDERS + 1, SENDERS + 3);
    if (!away || !caughtUp) throw new Error(`the unread reads need BENCH_USERS >= ${SENDERS + 3}`);
    await backdateMembership(handle, team.id, away.id);
    await handle.close();
    const seedMessagesMs = performance.now() - t;

    server = await start(backend, 'server');
    const historyApi = new Api(server.url);
    log(`${backend.name}: ${HISTORY_REQUESTS} reads of the latest 50 messages`);
    for (let i = 0; i < HISTORY_WARMUP; i++) await historyApi.history(owner.cookie, channel.id, 50);
    const times: number[] = [];
    let pageSize = 0;
    for (let i = 0; i < HISTORY_REQUESTS; i++) {
      const t0 = performance.now();
      const page = await historyApi.history(owner.cookie, channel.id, 50);
      times.push(performance.now() - t0);
      pageSize = page.messages.length;
    }
    log(`${backend.name}: ${UNREAD_REQUESTS} unread reads by a member away since before the history, then by one who marked the team read`);
    const unread = await runUnreadReads(historyApi, team.id, away, caughtUp);

    return {
      backend: backend.name,
      usersSeedMs,
      teamSetupMs,
      connectMs: connected.ms,
      socketsReady: connected.ready,
      socketsFailed: connected.failed,
      rssBeforeMiB: mib(rssBefore),
      rssAfterMiB: mib(rssAfter),
      bytesPerSocket,
      messagesSent: total - sendFailures,
      sendFailures,
      deliveries: report.deliveries,
      expectedDeliveries: expected,
      deliveriesPerSecond: report.deliveries / window,
      serverCpuSeconds: cpu1 - cpu0,
      clientCpuSeconds: clientCpu,
      senderCpuSeconds: senderCpu,
      loadAverage: load,
      deliveriesPerCpuSecond: report.deliveries / (cpu1 - cpu0),
      latency: report.latency,
      seedMessagesMs,
      history: summarize(times),
      historyPageSize: pageSize,
      readsSent: report.readsSent,
      reactions,
      reactionFailures,
      unread,
    };
  } finally {
    if (clients) await clients.close();
    await server.stop();
  }
}

function table(results: Figures[]): string {
  const rows: [string, (r: Figures) => string][] = [
    ['gateway sockets READY (failed)', (r) => `${r.socketsReady} (${r.socketsFailed})`],
    ['connect all sockets, s', (r) => f1(r.connectMs / 1000)],
    ['server RSS before / after sockets, MiB', (r) => `${f1(r.rssBeforeMiB)} / ${f1(r.rssAfterMiB)}`],
    ['server memory per idle socket, KB', (r) => f1(r.bytesPerSocket / 1000)],
    ['messages sent (failed)', (r) => `${r.messagesSent} (${r.sendFailures})`],
    ['deliveries received / expected', (r) => `${int(r.deliveries)} / ${int(r.expectedDeliveries)}`],
    ['send->receive latency p50, ms', (r) => f1(r.latency.p50)],
    ['send->receive latency p90, ms', (r) => f1(r.latency.p90)],
    ['send->receive latency p99, ms', (r) => f1(r.latency.p99)],
    ['send->receive latency max, ms', (r) => f1(r.latency.max)],
    ['deliveries per second', (r) => int(r.deliveriesPerSecond)],
    ['server CPU during fan-out, s', (r) => f2(r.serverCpuSeconds)],
    ['deliveries per server CPU-second', (r) => int(r.deliveriesPerCpuSecond)],
    ['CPU during fan-out: clients / sender, s', (r) => `${f2(r.clientCpuSeconds)} / ${f2(r.senderCpuSeconds)}`],
    ['1-minute load average after fan-out', (r) => f2(r.loadAverage)],
    ['history: messages stored', () => int(MESSAGES)],
    ['history: seeding, s', (r) => f1(r.seedMessagesMs / 1000)],
    ['history: latest 50, p50 ms', (r) => f2(r.history.p50)],
    ['history: latest 50, p99 ms', (r) => f2(r.history.p99)],
    ['history: latest 50, max ms', (r) => f2(r.history.max)],
    ['history: messages per page', (r) => String(r.historyPageSize)],
    ['MESSAGE_READ frames during fan-out', (r) => int(r.readsSent)],
    ['reactions during fan-out (failed)', (r) => `${int(r.reactions)} (${int(r.reactionFailures)})`],
    ['unread: never read, p50 / p99 ms', (r) => `${f2(r.unread.neverRead.p50)} / ${f2(r.unread.neverRead.p99)}`],
    ['unread: never read, count', (r) => int(r.unread.capped)],
    ['unread: all read, p50 / p99 ms', (r) => `${f2(r.unread.allRead.p50)} / ${f2(r.unread.allRead.p99)}`],
    ['set-up: users+sessions / team+joins, s', (r) => `${f1(r.usersSeedMs / 1000)} / ${f1(r.teamSetupMs / 1000)}`],
  ];
  return markdownTable(
    ['', ...results.map((r) => r.backend)],
    rows.map(([label, get]) => [label, ...results.map(get)]),
  );
}

/** The sections BENCH_SECTIONS asks for, on one backend. */
async function runSections(backend: Backend, results: Figures[], hostile: HostileFigures[], members: MembersFigures[]): Promise<void> {
  if (SECTIONS.includes('budgets')) results.push(await runBackend(backend));
  if (SECTIONS.includes('hostile')) hostile.push(await runHostile(backend, COOKIE_SECRET, log));
  if (SECTIONS.includes('members')) members.push(await runMembers(backend, COOKIE_SECRET, log));
  if (SECTIONS.includes('search')) search.push(await runSearch(backend, COOKIE_SECRET, log));
  if (SECTIONS.includes('presence')) presence.push(await runPresence(backend, COOKIE_SECRET, log));
  if (SECTIONS.includes('scroll')) {
    if (historyScrollAvailable()) scroll.push(await runHistoryScroll(backend, COOKIE_SECRET, log));
    else log('skipping the history scroll: no /usr/bin/chromium');
  }
}

/** Presence figures of each backend (the presence section). */
const presence: PresenceFigures[] = [];
/** Search figures of each backend (the search section). */
const search: SearchFigures[] = [];
/** History-scroll figures of each backend (the scroll section). */
const scroll: ScrollFigures[] = [];

async function main(): Promise<void> {
  // BENCH_BASELINE / BENCH_BASELINE_ROOT: the baseline's own bench and this one, side by side (baseline.ts).
  const baseline = baselineOptions(process.env);
  if (baseline) return runAgainstBaseline(baseline, process.argv.slice(2));
  const machine = machineInfo();
  log(`machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}`);
  if (SECTIONS.includes('budgets')) {
    log(
      `plan: ${USERS} users/sockets, ${RATE} msg/s for ${SECONDS} s from ${SENDERS} senders, ${MESSAGES.toLocaleString('en')} stored messages, ${HISTORY_REQUESTS} history reads`,
    );
  }
  if (SECTIONS.includes('members')) log(`plan: the member list of a ${MEMBERS.toLocaleString('en')}-member team, ${MEMBER_REQUESTS} reads`);
  if (SECTIONS.includes('search')) log(`plan: message search over ${SEARCH_MESSAGES.toLocaleString('en')} messages, ${SEARCH_REQUESTS} reads per search`);
  if (SECTIONS.includes('presence'))
    log(`plan: presence fan-out, a user in ${PRESENCE_TEAMS} teams, ${PRESENCE_WATCHERS} watchers, ${PRESENCE_CHANGES} changes`);
  if (SECTIONS.includes('scroll'))
    log(
      `plan: the web message list scrolled up through ${SCROLL_THROUGH.toLocaleString('en')} of ${SCROLL_MESSAGES.toLocaleString('en')} messages in headless Chromium`,
    );
  if (SECTIONS.includes('hostile')) {
    log(`plan: hostile load, ${HOSTILE_SECONDS} s per phase, flood of ${FLOOD_SOCKETS} sockets × ${FLOOD_FRAMES} frames`);
  }
  const results: Figures[] = [];
  const hostile: HostileFigures[] = [];
  const members: MembersFigures[] = [];
  const benchStart = performance.now();
  // The web client's member list grouping (no server): quick, so first.
  const memberList = SECTIONS.includes('client') ? runMemberListBench() : null;
  // The SFU on its own (no database): before the backends.
  const voice = SECTIONS.includes('voice') ? await runVoiceBench(log) : null;
  const serverSections = SECTIONS.some((section) => SERVER_SECTIONS.includes(section));

  if (serverSections && BACKENDS.includes('pglite')) {
    const backend = await pgliteBackend();
    try {
      await runSections(backend, results, hostile, members);
    } finally {
      await backend.cleanup();
    }
  }
  if (serverSections && BACKENDS.includes('postgres')) {
    const [pgOk, redisOk] = await Promise.all([postgresReachable(ADMIN_DATABASE_URL), redisReachable(REDIS_URL)]);
    if (!pgOk || !redisOk) {
      log(
        `skipping PostgreSQL + Redis: ${!pgOk ? `PostgreSQL at ${ADMIN_DATABASE_URL} not reachable` : ''} ${!redisOk ? `Redis at ${REDIS_URL} not reachable` : ''}`,
      );
    } else {
      const backend = await postgresBackend();
      try {
        await runSections(backend, results, hostile, members);
      } finally {
        await backend.cleanup();
      }
    }
  }

  console.log(
    `\nRally bench, ${new Date().toISOString().slice(0, 10)}: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}`,
  );
  if (results.length) {
    console.log(
      `${USERS} members in one team, all connected; ${RATE} messages/s for ${SECONDS} s from ${SENDERS} senders; history over ${MESSAGES.toLocaleString('en')} messages\n`,
    );
    console.log(table(results));
  }
  for (const figures of hostile) console.log(`\n${hostileReport(figures)}`);
  if (members.length) console.log(`\n${membersReport(members)}`);
  if (search.length) console.log(`\n${searchReport(search)}`);
  if (presence.length) console.log(`\n${presenceReport(presence)}`);
  if (scroll.length) console.log(`\n${historyScrollReport(scroll)}`);
  if (memberList) console.log(`\n${memberListReport(memberList)}`);
  if (voice) console.log(`\n${voiceReport(voice)}`);
  console.log(`\nbench took ${Math.round((performance.now() - benchStart) / 1000)} s (figures only; nothing is asserted)`);
}

main().then(
  () => process.exit(0),
  (err) => {
    // A failed query's own error (drizzle wraps it) is its cause.
    console.error(
      err instanceof Error
        ? `${err.stack}${err.cause === undefined ? '' : `\ncause: ${err.cause instanceof Error ? err.cause.message : JSON.stringify(err.cause)}`}`
        : err,
    );
    process.exit(1);
  },
);
