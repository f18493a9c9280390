/**
 * The image-bomb phase of the hostile-load section (hostile.ts): signed-in attackers upload images
 * made to cost the server's image work (SECURITY.md, "Uploads"), each one after another, while the
 * measuring client times other users' logins (argon2: the same libuv thread pool as sharp) and
 * messages; their p50 and p99 are reported as a ratio to the baseline phase (budget: at most 2×).
 * The attackers run in the attack child process (hostile-clients.ts). The images, in turn, as attachments:
 *   - the 75 KB PNG of 1 × 39,000,000 pixels (within the old 40-megapixel cap; decoded, tens of
 *     seconds of libvips work, one row at a time);
 *   - a GIF of 100,000 frames of one pixel (2.3 MB; decoded, one tall strip of 100,000 rows);
 *   - the costliest image the limits let through: a JPEG of 8,000 × 5,000 pixels of one colour (a
 *     few hundred KB; decoded and written again with mozjpeg, a second or two of work).
 * Knob: BENCH_IMAGE_ATTACKERS=4 (users uploading at once: four slow images filled libuv's default
 * pool of four threads).
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { DatabaseHandle } from '../../apps/server/src/db/client';
import { users } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/password';
import { makeBlankPng, makeFrameBomb } from '../../apps/server/test/helpers/images';
import { type Api, networkErrorName } from './http';
import { summarize, type Summary } from './stats';
import { f1, int, markdownTable, times } from './table';

export const IMAGE_ATTACKERS = process.env.BENCH_IMAGE_ATTACKERS ? Number(process.env.BENCH_IMAGE_ATTACKERS) : 4;
/** The most a well-behaved user's latency may grow under the attack, as a ratio to the baseline phase. */
export const IMAGE_BOMB_BUDGET = 2;

const LOGIN_PASSWORD = 'bench-login-password';
const UPLOAD_TIMEOUT_MS = 180_000;
/** After a 429, an attacker waits this long before its next upload (the answer says when; the attack does not listen). */
const REFUSED_PAUSE_MS = 250;

/** Who the measuring client signs in as: a seeded user given an e-mail address and a real password hash. */
export interface LoginProbeUser {
  email: string;
  password: string;
}

export async function prepareLoginUser(handle: DatabaseHandle, userId: string): Promise<LoginProbeUser> {
  const email = `login-probe-${userId}@example.com`;
  await handle.db
    .update(users)
    .set({ email, passwordHash: await hashPassword(LOGIN_PASSWORD) })
    .where(eq(users.id, userId));
  return { email, password: LOGIN_PASSWORD };
}

/** One login (argon2id verification of the password), timed; its outcome is the status or the network error. */
export async function loginOnce(api: Api, user: LoginProbeUser, timeoutMs: number): Promise<{ ms: number; outcome: string }> {
  const t0 = performance.now();
  try {
    const { status } = await api.request('POST', '/api/v1/login', '', { email: user.email, password: user.password }, AbortSignal.timeout(timeoutMs));
    return { ms: performance.now() - t0, outcome: String(status) };
  } catch (err) {
    return { ms: performance.now() - t0, outcome: networkErrorName(err) };
  }
}

interface Bomb {
  kind: string;
  bytes: Buffer;
  filename: string;
  contentType: string;
}

async function makeBombs(): Promise<Bomb[]> {
  const jpeg = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#204080' } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return [
    { kind: 'PNG of 1 × 39,000,000 pixels', bytes: makeBlankPng(1, 39_000_000), filename: 'thin.png', contentType: 'image/png' },
    { kind: 'GIF of 100,000 frames of 1 pixel', bytes: makeFrameBomb(100_000), filename: 'frames.gif', contentType: 'image/gif' },
    { kind: 'JPEG of 8,000 × 5,000 pixels (within the limits)', bytes: jpeg, filename: 'large.jpg', contentType: 'image/jpeg' },
  ];
}

export interface ImageBombReport {
  attackers: number;
  kinds: { kind: string; bytes: number; sent: number; outcomes: Record<string, number>; latency: Summary }[];
}

/** `cookies.length` attackers, each uploading the bombs in turn, one at a time, for `seconds` (uploads under way then are awaited). */
export async function bombImages(baseUrl: string, cookies: readonly string[], seconds: number): Promise<ImageBombReport> {
  const bombs = await makeBombs();
  const kinds = bombs.map((b) => {
    const outcomes: Record<string, number> = {};
    const durations: number[] = [];
    return { kind: b.kind, bytes: b.bytes.length, sent: 0, outcomes, durations };
  });
  const until = performance.now() + seconds * 1000;
  const attacker = async (cookie: string, first: number) => {
    for (let i = first; performance.now() < until; i++) {
      const index = i % bombs.length;
      const bomb = bombs[index]!; // index < bombs.length
      const entry = kinds[index]!;
      const form = new FormData();
      form.append('type', 'attachment');
      form.append('image', new Blob([bomb.bytes], { type: bomb.contentType }), bomb.filename);
      entry.sent++;
      const t0 = performance.now();
      let outcome: string;
      try {
        const response = await fetch(`${baseUrl}/api/v1/upload`, {
          method: 'POST',
          headers: { 'x-rally-request': '1', cookie },
          body: form,
          signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
        });
        const body = (await response.json().catch(() => ({}))) as { code?: string };
        outcome = response.status === 201 ? '201' : `${response.status} ${body.code ?? ''}`.trim();
      } catch (err) {
        outcome = networkErrorName(err);
      }
      entry.durations.push(performance.now() - t0);
      entry.outcomes[outcome] = (entry.outcomes[outcome] ?? 0) + 1;
      if (outcome.startsWith('429')) await new Promise((resolve) => setTimeout(resolve, REFUSED_PAUSE_MS));
    }
  };
  await Promise.all(cookies.map((cookie, i) => attacker(cookie, i)));
  return { attackers: cookies.length, kinds: kinds.map(({ durations, ...k }) => ({ ...k, latency: summarize(durations) })) };
}

/** What the report needs of a phase's figures (hostile.ts PhaseFigures). */
interface PhaseLatencies {
  phase: string;
  login: Summary;
  message: Summary;
}

/** The attack's table, and other users' login and send->receive latency in the phase as a ratio to the baseline phase. */
export function imageBombReport(report: ImageBombReport, phases: readonly PhaseLatencies[], phase: string): string {
  const kinds = markdownTable(
    [`${phase}, ${report.attackers} attackers (attachments)`, 'file, bytes', 'sent', 'statuses', 'p50 ms', 'max ms'],
    report.kinds.map((k) => [
      k.kind,
      int(k.bytes),
      int(k.sent),
      Object.entries(k.outcomes)
        .map(([o, n]) => `${o} ×${int(n)}`)
        .join(', ') || '—',
      f1(k.latency.p50),
      f1(k.latency.max),
    ]),
  );
  const baseline = phases.find((p) => p.phase === 'baseline');
  const during = phases.find((p) => p.phase === phase);
  const ratios = [
    [during?.login.p50, baseline?.login.p50],
    [during?.login.p99, baseline?.login.p99],
    [during?.message.p50, baseline?.message.p50],
    [during?.message.p99, baseline?.message.p99],
  ];
  const within = ratios.every(([value, base]) => value !== undefined && base !== undefined && value <= IMAGE_BOMB_BUDGET * base);
  const ms = (s: Summary | undefined) => (s ? `${f1(s.p50)} / ${f1(s.p99)}` : '—');
  const others = markdownTable(
    [`${phase}: other users' latency`, ''],
    [
      [
        'login p50 / p99, × baseline',
        ratios
          .slice(0, 2)
          .map(([value, base]) => times(value, base))
          .join(' / '),
      ],
      [
        'send->receive p50 / p99, × baseline',
        ratios
          .slice(2)
          .map(([value, base]) => times(value, base))
          .join(' / '),
      ],
      ['login p50 / p99 during (baseline), ms', `${ms(during?.login)} (${ms(baseline?.login)})`],
      [`all within the budget (at most ${IMAGE_BOMB_BUDGET}× the baseline)`, within ? 'yes' : 'NO'],
    ],
  );
  return `${kinds}\n\n${others}`;
}
