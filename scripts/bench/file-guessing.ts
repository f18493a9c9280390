/**
 * The file-guessing phase of the hostile-load section (hostile.ts): clients that try to get private
 * attachments (SECURITY.md, "Private files"). A direct chat's file is asked for anonymously and by a
 * signed-in user outside the chat, a deleted message's file by anyone, and keys are guessed: walked
 * back through the milliseconds before a message of the team (what found a deleted private file
 * when names were snowflakes) and drawn at random in the names' shape. Every answer must be a 404:
 * the report counts the statuses and the files served, which must be none.
 */
import { randomBytes } from 'node:crypto';
import { networkErrorName } from './http';

export interface GuessTargets {
  /** A direct chat's attachment (its URL), and the cookie of a user who is not in that chat. */
  privateUrl: string;
  outsiderCookie: string;
  /** The attachment of a message that was deleted. */
  deletedUrl: string;
  /** A message of the team: its id's time and worker start the walk back. */
  publicMessageId: string;
}

export interface GuessReport {
  /** Per kind of attempt: requests sent, their statuses, and how many served a file (200). */
  kinds: { kind: string; sent: number; statuses: Record<string, number>; served: number }[];
}

type Attempt = { kind: string; url: string; cookie: string };

/** The attempts, round after round: each of the known URLs once, then the next walked key and a random one. */
function* attempts(targets: GuessTargets): Generator<Attempt> {
  const id = BigInt(targets.publicMessageId);
  const time = id >> 22n;
  const worker = (id >> 12n) & 1023n;
  for (let back = 0n; ; back++) {
    yield { kind: 'private file, anonymous', url: targets.privateUrl, cookie: '' };
    yield { kind: 'private file, signed in outside the chat', url: targets.privateUrl, cookie: targets.outsiderCookie };
    yield { kind: 'deleted message file, its uploader', url: targets.deletedUrl, cookie: targets.outsiderCookie };
    const walked = ((time - back) << 22n) | (worker << 12n);
    yield { kind: 'snowflake key walked back by ms, signed in', url: `/uploads/attachment/${walked}.pdf`, cookie: targets.outsiderCookie };
    yield { kind: 'random 128-bit key, anonymous', url: `/uploads/attachment/${randomBytes(16).toString('base64url')}.pdf`, cookie: '' };
  }
}

/** Send the attempts from `connections` loops, one request at a time each, for `seconds`. */
export async function guessFiles(baseUrl: string, targets: GuessTargets, connections: number, seconds: number): Promise<GuessReport> {
  const byKind = new Map<string, GuessReport['kinds'][number]>();
  const next = attempts(targets);
  const until = Date.now() + seconds * 1000;
  const loop = async () => {
    while (Date.now() < until) {
      const { kind, url, cookie } = next.next().value as Attempt;
      const entry = byKind.get(kind) ?? { kind, sent: 0, statuses: {}, served: 0 };
      byKind.set(kind, entry);
      entry.sent++;
      let outcome: string;
      try {
        const response = await fetch(`${baseUrl}${url}`, { headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        outcome = String(response.status);
        if (response.status === 200) entry.served++;
      } catch (err) {
        outcome = networkErrorName(err);
      }
      entry.statuses[outcome] = (entry.statuses[outcome] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return { kinds: [...byKind.values()] };
}
