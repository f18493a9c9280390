/**
 * The history-scroll section (BENCH_SECTIONS=scroll): the web client's message list over a channel
 * of BENCH_SCROLL_MESSAGES (100,000) messages, in headless Chromium (playwright-core, Debian's
 * /usr/bin/chromium with the flags of e2e/playwright.config.ts). The messages are seeded as rows
 * (seedChatHistory: authors in turns, texts of one line to a paragraph, a date separator a day);
 * the owner opens the channel, and the page scrolls the list up BENCH_SCROLL_STEP px (100) each
 * animation frame until BENCH_SCROLL_THROUGH (3,000) messages have gone by (older pages are read on
 * the way). Each frame's time is taken with requestAnimationFrame; at the end, the list's DOM is
 * counted (elements and message rows), which virtualization keeps bounded. Prints figures; asserts
 * nothing. The built web client is served (apps/web/dist: built first when missing; BENCH_WEB_DIST
 * serves another build, e.g. an older commit's, to compare).
 */
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/fixtures/chromium';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { channels } from '../../apps/server/src/db/schema';
import { Api } from './http';
import { openBenchDatabase, seedChatHistory, seedMembers, seedUsers, SESSION_COOKIE } from './seed';
import { ROOT, startServer } from './server-process';
import { percentile, summarize, type Summary } from './stats';
import { f1, int, markdownTable } from './table';

/** The page's clock of frames, for the measuring code that runs in the page (scripts/ is compiled without the DOM library). */
declare const requestAnimationFrame: (callback: (now: number) => void) => number;

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
export const SCROLL_MESSAGES = num('BENCH_SCROLL_MESSAGES', 100_000);
export const SCROLL_THROUGH = num('BENCH_SCROLL_THROUGH', 3_000);
const STEP_PX = num('BENCH_SCROLL_STEP', 100);
/** Authors of the history besides the owner. */
const AUTHORS = 8;
/** The scroll gives up after this long (a slow machine, or a list that stopped loading). */
const SCROLL_TIMEOUT_MS = 240_000;

export interface ScrollBackend {
  name: string;
  serverEnv: Record<string, string>;
  target: { dataDir?: string; databaseUrl?: string };
}

export interface ScrollFigures {
  backend: string;
  messages: number;
  seedMs: number;
  /** Messages that went by the top of the view. */
  scrolledThrough: number;
  seconds: number;
  /** Milliseconds per animation frame. */
  frames: Summary;
  p95: number;
  over50: number;
  /** Frames spent at the top of the loaded history, waiting for an older page. */
  waitingFrames: number;
  /** Elements inside the list (role=log) at the start and at the end, and its message rows at the end. */
  domStart: number;
  domEnd: number;
  rowsEnd: number;
  heapMiB: number;
}

/** What the page reports after the scroll (measured in the page). */
interface PageRun {
  frames: number[];
  scrolled: number;
  waiting: number;
  ms: number;
  domStart: number;
  domEnd: number;
  rows: number;
  heap: number;
}

function webDist(log: (message: string) => void): string {
  const dist = process.env.BENCH_WEB_DIST || path.join(ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    if (process.env.BENCH_WEB_DIST) throw new Error(`BENCH_WEB_DIST: no index.html in ${dist}`);
    log('history scroll: building the web client (npm run build)');
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  return dist;
}

/** Whether the section can run here (it needs Debian's Chromium). */
export function historyScrollAvailable(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

export async function runHistoryScroll(backend: ScrollBackend, cookieSecret: string, log: (message: string) => void): Promise<ScrollFigures> {
  const dist = webDist(log);
  const t0 = performance.now();
  let handle = await openBenchDatabase(backend.target);
  const users = await seedUsers(handle, AUTHORS + 1, cookieSecret);
  await handle.close();
  const [owner, ...authors] = users;
  if (!owner) throw new Error('seeding gave no user');

  let server = await startServer({ ...backend.serverEnv, COOKIE_SECRET: cookieSecret }, 'server');
  let teamId: string;
  try {
    teamId = (await new Api(server.url).createTeam(owner.cookie, 'Scroll')).id;
  } finally {
    await server.stop();
  }
  handle = await openBenchDatabase(backend.target);
  let channelId: string;
  try {
    await seedMembers(handle, teamId, authors);
    const [general] = await handle.db
      .select({ id: channels.id })
      .from(channels)
      .where(sql`${channels.teamId} = ${teamId} and ${channels.type} = 'text'`);
    if (!general) throw new Error('the new team has no text channel');
    channelId = general.id;
    log(`${backend.name}, history scroll: seeding ${int(SCROLL_MESSAGES)} messages`);
    await seedChatHistory(
      handle,
      channelId,
      authors.map((u) => u.id),
      SCROLL_MESSAGES,
      (done) => process.stdout.write(`\r  ${done.toLocaleString('en')} rows`),
    );
    process.stdout.write('\n');
  } finally {
    await handle.close();
  }
  const seedMs = performance.now() - t0;

  server = await startServer({ ...backend.serverEnv, COOKIE_SECRET: cookieSecret, WEB_DIST: dist }, 'server');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    // tsx (esbuild with keepNames) wraps the named functions of the measuring code below in
    // __name(fn, "name"), which the page does not define.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const [name, ...value] = owner.cookie.split('=');
    if (name !== SESSION_COOKIE) throw new Error('unexpected cookie');
    await context.addCookies([{ name, value: value.join('='), url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/teams/${teamId}/channels/${channelId}`);
    const list = page.getByRole('log');
    await list.getByRole('article').first().waitFor();
    // The first page settles (fonts loaded, rows measured) before the clock starts: the list's
    // height has not changed for 30 frames in a row.
    await list.evaluate(
      (el) =>
        new Promise<void>((resolve) => {
          // (Font loading is not typed in the scripts' libraries; Chromium has it.)
          const fonts = (el.ownerDocument as unknown as { fonts?: { ready: Promise<unknown> } }).fonts;
          let height = -1;
          let still = 0;
          const check = () => {
            still = el.scrollHeight === height ? still + 1 : 0;
            height = el.scrollHeight;
            if (still >= 30) resolve();
            else requestAnimationFrame(check);
          };
          void (fonts?.ready ?? Promise.resolve()).then(() => requestAnimationFrame(check));
        }),
    );
    log(`${backend.name}, history scroll: scrolling up through ${int(SCROLL_THROUGH)} messages, ${STEP_PX} px a frame`);
    const run = await list.evaluate(
      (el, { through, step, timeoutMs }) =>
        new Promise<PageRun>((resolve) => {
          /**
           * The number of the topmost message row in view ([n] at the start of its text), found by
           * hit-testing just under the list's top edge (as cheap for a list of 30 rows as of 3,000).
           */
          const topNumber = (): number | null => {
            const box = el.getBoundingClientRect();
            for (let y = box.top + 2; y < box.top + 200; y += 12) {
              const article = el.ownerDocument.elementFromPoint(box.left + box.width / 2, y)?.closest('article');
              const match = article ? /\[(\d+)\]/.exec(article.textContent ?? '') : null;
              if (match) return Number(match[1]);
            }
            return null;
          };
          const domStart = el.querySelectorAll('*').length;
          const first = topNumber() ?? 0;
          const frames: number[] = [];
          let waiting = 0;
          const started = performance.now();
          let last = started;
          const tick = (now: number) => {
            frames.push(now - last);
            last = now;
            const current = topNumber() ?? first;
            if (first - current >= through || now - started > timeoutMs) {
              // Chromium's own (not in the DOM library).
              const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
              resolve({
                frames,
                scrolled: first - current,
                waiting,
                ms: now - started,
                domStart,
                domEnd: el.querySelectorAll('*').length,
                rows: el.querySelectorAll('article').length,
                heap: memory?.usedJSHeapSize ?? Number.NaN,
              });
              return;
            }
            if (el.scrollTop <= 0) waiting++;
            el.scrollBy(0, -step);
            requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
      { through: SCROLL_THROUGH, step: STEP_PX, timeoutMs: SCROLL_TIMEOUT_MS },
    );
    const sorted = Float64Array.from(run.frames).sort();
    return {
      backend: backend.name,
      messages: SCROLL_MESSAGES,
      seedMs,
      scrolledThrough: run.scrolled,
      seconds: run.ms / 1000,
      frames: summarize(run.frames),
      p95: percentile(sorted, 95),
      over50: run.frames.filter((ms) => ms > 50).length,
      waitingFrames: run.waiting,
      domStart: run.domStart,
      domEnd: run.domEnd,
      rowsEnd: run.rows,
      heapMiB: run.heap / 2 ** 20,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export function historyScrollReport(results: ScrollFigures[]): string {
  const [first] = results;
  if (!first) return '';
  const rows: [string, (r: ScrollFigures) => string][] = [
    ['messages scrolled through (s)', (r) => `${int(r.scrolledThrough)} (${f1(r.seconds)})`],
    ['frames', (r) => int(r.frames.count)],
    ['frame p50 / p95 / p99, ms', (r) => `${f1(r.frames.p50)} / ${f1(r.p95)} / ${f1(r.frames.p99)}`],
    ['frame max, ms', (r) => f1(r.frames.max)],
    ['frames over 50 ms', (r) => int(r.over50)],
    ['frames waiting at the top for a page', (r) => int(r.waitingFrames)],
    ['list elements at the start / end', (r) => `${int(r.domStart)} / ${int(r.domEnd)}`],
    ['message rows in the page at the end', (r) => int(r.rowsEnd)],
    ['JS heap at the end, MiB', (r) => f1(r.heapMiB)],
    ['set-up: users, team, messages, s', (r) => f1(r.seedMs / 1000)],
  ];
  return [
    `History scroll (web client in headless Chromium, 1280×800): a channel of ${int(first.messages)} messages, scrolled up ${STEP_PX} px a frame through ${int(SCROLL_THROUGH)} of them`,
    '',
    markdownTable(
      ['', ...results.map((r) => r.backend)],
      rows.map(([label, get]) => [label, ...results.map(get)]),
    ),
  ].join('\n');
}
