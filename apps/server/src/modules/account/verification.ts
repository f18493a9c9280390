import { randomBytes } from 'node:crypto';
import type { Locale } from '@rally/shared/i18n/errors';
import type { Database, Executor } from '../../db/client';
import type { Config } from '../../env';
import { badRequest, conflict } from '../../lib/errors';
import { publishEvent, type Publisher } from '../../lib/events';
import type { RateLimiter } from '../../lib/rate-limit';
import { hashToken } from '../auth/session-repository';
import { countAttempt } from '../auth/throttle';
import type { Mailer } from '../mail/mailer';
import { emailVerificationMail } from '../mail/templates';
import type { SignedInUser } from '../users/repository';
import { deleteUserVerifications, findLiveVerification, insertVerification, markVerified } from './repository';

/** A verification link works for 24 hours. */
export const VERIFICATION_TTL_MS = 24 * 3_600_000;

/** Verification links a user may ask for: one a minute, five an hour. */
const REQUEST_LIMITS = [
  { key: 'minute', rate: { count: 1, windowMs: 60_000 } },
  { key: 'hour', rate: { count: 5, windowMs: 3_600_000 } },
] as const;

/** The page of the web client that takes the link (spec 000 §2: /emailVerify?key&date&email). */
export function verificationLink(config: Pick<Config, 'PUBLIC_URL'>, key: string, email: string, date: Date): string {
  const url = new URL('/emailVerify', config.PUBLIC_URL);
  url.searchParams.set('key', key);
  url.searchParams.set('date', String(date.getTime()));
  url.searchParams.set('email', email);
  return url.href;
}

/** What mailing a link needs. */
export interface VerificationMailDeps {
  db: Executor;
  config: Config;
  mailer: Mailer;
}

/**
 * Store a new link for the user's address (32 random bytes, kept only as their SHA-256) and mail it
 * in the user's language. Given a transaction, the mail is queued when this runs: call it where a
 * rollback cannot follow, or accept that a rolled-back registration mailed a dead link.
 */
export async function mailVerificationLink(deps: VerificationMailDeps, user: { id: string; email: string; username: string; locale: Locale }): Promise<void> {
  const key = randomBytes(32).toString('base64url');
  const now = new Date();
  await insertVerification(deps.db, { keyHash: hashToken(key), userId: user.id, email: user.email, expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS) });
  deps.mailer.send(emailVerificationMail(user.email, user.locale, user.username, verificationLink(deps.config, key, user.email, now)));
}

/**
 * POST /api/v1/me/email/requestkey (000 §4: an unverified user asks for the link, or again): 409
 * email_already_verified for a verified account; at most one a minute and five an hour (429).
 */
export async function requestVerification(deps: VerificationMailDeps & { rateLimiter: RateLimiter }, user: SignedInUser): Promise<void> {
  if (user.verified) throw conflict('email_already_verified');
  for (const { key, rate } of REQUEST_LIMITS) await countAttempt(deps.rateLimiter, `email-verify:${key}:${user.id}`, rate);
  await mailVerificationLink(deps, { id: user.id, email: user.email, username: user.username, locale: user.settings.locale });
}

/** Tell the user's sessions their address and whether it is verified. */
export async function publishEmailChanged(publisher: Publisher, userId: string, email: string, verified: boolean): Promise<void> {
  await publishEvent(publisher, { audience: { kind: 'users', userIds: [userId] }, event: { type: 'EMAIL_CHANGED', data: { email, verified } } });
}

/**
 * POST /api/v1/me/email/verify {key, email}: signed in or not (the link may be opened on another
 * device). The key must name a link that has not expired, mailed to `email` (case-insensitive), which
 * must still be the user's address; then, in one transaction, the user is verified and their links
 * deleted, and their sessions get EMAIL_CHANGED. Anything else is 400 email_verify_invalid.
 */
export async function verifyEmail(deps: { db: Database } & Publisher, key: string, email: string): Promise<void> {
  const invalid = () => badRequest('email_verify_invalid');
  const link = await findLiveVerification(deps.db, hashToken(key));
  if (!link || link.email.toLowerCase() !== email.trim().toLowerCase()) throw invalid();
  const verified = await deps.db.transaction(async (tx) => {
    const address = await markVerified(tx, link.userId, link.email);
    if (address === null) throw invalid();
    await deleteUserVerifications(tx, link.userId);
    return address;
  });
  await publishEmailChanged(deps, link.userId, verified, true);
}
