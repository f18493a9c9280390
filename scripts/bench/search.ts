/**
 * The search section (BENCH_SECTIONS=search): BENCH_SEARCH_MESSAGES messages (1,000,000) in the
 * channels of one team, seeded as rows (seedSearchMessages: INSERT ... SELECT generate_series, words
 * drawn from a small vocabulary so that some are common, some rare), then GET
 * /api/v1/search/messages with a few typical searches, each BENCH_SEARCH_REQUESTS times after
 * warm-ups. The requests rotate over the team's members (the route is rate limited per user).
 * Prints figures; asserts nothing.
 */
import { sql } from 'drizzle-orm';
import { channels } from '../../apps/server/src/db/schema';
import { Api } from './http';
import { cpuSeconds } from './proc-stats';
import { openBenchDatabase, seedChannels, seedMembers, seedSearchMessages, seedUsers, SEARCH_VOCABULARY } from './seed';
import { startServer } from './server-process';
import { summarize, type Summary } from './stats';
import { f1, f2, int, markdownTable } from './table';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
export const SEARCH_MESSAGES = num('BENCH_SEARCH_MESSAGES', 1_000_000);
export const SEARCH_REQUESTS = num('BENCH_SEARCH_REQUESTS', 50);
const WARM_UP = 5;
/** Members the requests rotate over (each well under its 20 searches per 10 s). */
const SEARCHERS = 60;
/** Text channels of the team besides #general. */
const EXTRA_CHANNELS = 9;

export interface SearchBackend {
  name: string;
  serverEnv: Record<string, string>;
  target: { dataDir?: string; databaseUrl?: string };
}

interface Case {
  label: string;
  query: (ctx: { authorId: string; channelId: string }) => Record<string, string>;
}

/** The searches measured: what the words' frequencies in seedSearchMessages make them. */
const CASES: Case[] = [
  { label: `a common word ('${SEARCH_VOCABULARY.common}', 1 message in 3)`, query: () => ({ q: SEARCH_VOCABULARY.common }) },
  { label: `a word of 1 message in 50 ('${SEARCH_VOCABULARY.words[0]}')`, query: () => ({ q: SEARCH_VOCABULARY.words[0] }) },
  {
    label: `two words together ('${SEARCH_VOCABULARY.words[1]} ${SEARCH_VOCABULARY.verbs[2]}', 1 in 2,000)`,
    query: () => ({ q: `${SEARCH_VOCABULARY.words[1]} ${SEARCH_VOCABULARY.verbs[2]}` }),
  },
  { label: `a rare word ('${SEARCH_VOCABULARY.rare}', 1 in 10,000)`, query: () => ({ q: SEARCH_VOCABULARY.rare }) },
  { label: `a prefix being typed ('${SEARCH_VOCABULARY.words[3].slice(0, 4)}')`, query: () => ({ q: SEARCH_VOCABULARY.words[3].slice(0, 4) }) },
  { label: 'a common word from one author', query: ({ authorId }) => ({ q: SEARCH_VOCABULARY.common, authorId }) },
  { label: 'a word in one channel', query: ({ channelId }) => ({ q: SEARCH_VOCABULARY.words[4], channelId }) },
  { label: 'a word found nowhere', query: () => ({ q: 'nowherefound' }) },
];

export interface SearchFigures {
  backend: string;
  messages: number;
  seedMs: number;
  cases: { label: string; latency: Summary; results: number }[];
  serverCpuSecondsPerRequest: number;
}

export async function runSearch(backend: SearchBackend, cookieSecret: string, log: (message: string) => void): Promise<SearchFigures> {
  const t0 = performance.now();
  let handle = await openBenchDatabase(backend.target);
  const users = await seedUsers(handle, SEARCHERS + 1, cookieSecret);
  await handle.close();
  const [owner, ...searchers] = users;
  if (!owner) throw new Error('seeding gave no user');

  let server = await startServer({ ...backend.serverEnv, COOKIE_SECRET: cookieSecret }, 'server');
  let teamId: string;
  try {
    teamId = (await new Api(server.url).createTeam(owner.cookie, 'Search')).id;
  } finally {
    await server.stop();
  }
  handle = await openBenchDatabase(backend.target);
  let channelIds: string[];
  try {
    await seedMembers(handle, teamId, searchers);
    const text = await handle.db
      .select({ id: channels.id })
      .from(channels)
      .where(sql`${channels.teamId} = ${teamId} and ${channels.type} = 'text'`);
    const extra = await seedChannels(
      handle,
      teamId,
      Array.from({ length: EXTRA_CHANNELS }, (_, i) => `search-${i + 1}`),
    );
    channelIds = [...text.map((c) => c.id), ...extra];
    log(`${backend.name}, search: seeding ${int(SEARCH_MESSAGES)} messages in ${channelIds.length} channels`);
    await seedSearchMessages(
      handle,
      channelIds,
      users.map((u) => u.id),
      SEARCH_MESSAGES,
      (done) => process.stdout.write(`\r  ${done.toLocaleString('en')} rows`),
    );
    process.stdout.write('\n');
  } finally {
    await handle.close();
  }
  const seedMs = performance.now() - t0;

  server = await startServer({ ...backend.serverEnv, COOKIE_SECRET: cookieSecret }, 'server');
  try {
    const api = new Api(server.url);
    let turn = 0;
    const read = async (query: Record<string, string>): Promise<{ ms: number; count: number }> => {
      const who = searchers[turn++ % searchers.length]!; // the remainder is an index
      const path = `/api/v1/search/messages?${new URLSearchParams(query).toString()}`;
      const start = performance.now();
      const { status, text } = await api.request('GET', path, who.cookie);
      const ms = performance.now() - start;
      if (status !== 200) throw new Error(`GET ${path}: HTTP ${status} ${text.slice(0, 300)}`);
      return { ms, count: (JSON.parse(text) as { results: unknown[] }).results.length };
    };
    // Message g is in channel g % 10 and has word g % 50: word 4 is in channel 4 only.
    const ctx = { authorId: searchers[0]!.id, channelId: channelIds[4] ?? channelIds[0]! };
    const cases: SearchFigures['cases'] = [];
    let cpu = 0;
    for (const c of CASES) {
      const query = c.query(ctx);
      for (let i = 0; i < WARM_UP; i++) await read(query);
      const times: number[] = [];
      let results = 0;
      const cpu0 = cpuSeconds(server.pid);
      for (let i = 0; i < SEARCH_REQUESTS; i++) {
        const r = await read(query);
        times.push(r.ms);
        results = r.count;
      }
      cpu += cpuSeconds(server.pid) - cpu0;
      cases.push({ label: c.label, latency: summarize(times), results });
      log(`  ${c.label}: p50 ${f1(summarize(times).p50)} ms, p99 ${f1(summarize(times).p99)} ms, ${results} results`);
    }
    return { backend: backend.name, messages: SEARCH_MESSAGES, seedMs, cases, serverCpuSecondsPerRequest: cpu / (CASES.length * SEARCH_REQUESTS) };
  } finally {
    await server.stop();
  }
}

/** The section's table: one row per search, p50 / p99 per backend. */
export function searchReport(results: SearchFigures[]): string {
  const [first] = results;
  if (!first) return '';
  const rows = first.cases.map((c, i) => [
    c.label,
    ...results.map((r) => {
      const x = r.cases[i];
      return x ? `${f1(x.latency.p50)} / ${f1(x.latency.p99)} (${x.results})` : '';
    }),
  ]);
  rows.push(['server CPU per search, ms', ...results.map((r) => f1(r.serverCpuSecondsPerRequest * 1000))]);
  rows.push(['set-up: users, team, messages, s', ...results.map((r) => f2(r.seedMs / 1000))]);
  return [
    `Search: GET /api/v1/search/messages over ${int(first.messages)} messages in ${EXTRA_CHANNELS + 1} channels, each search ${SEARCH_REQUESTS} times one after another (after ${WARM_UP} warm-ups); p50 / p99 ms (results in the first page)\n`,
    markdownTable(['', ...results.map((r) => r.backend)], rows),
  ].join('\n');
}
