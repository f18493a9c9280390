import { createHash, randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { SignedInUser } from '../users/repository';

export const SESSION_TTL_MS = 30 * 24 * 3_600_000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new session as it was written: its token (for the cookie) and its row as the sessions list reads it. */
export interface OpenedSession {
  token: string;
  row: { tokenHash: string; createdAt: Date; lastSeenAt: Date; userAgent: string | null; ip: string | null };
}

export async function openSession(db: Executor, userId: string, meta: { userAgent?: string; ip?: string }): Promise<OpenedSession> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const row = { tokenHash: hashToken(token), createdAt: now, lastSeenAt: now, userAgent: meta.userAgent?.slice(0, 256) ?? null, ip: meta.ip ?? null };
  // Seen as it begins: its first requests need no write of their own.
  await db.insert(sessions).values({ ...row, userId, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) });
  return { token, row };
}

/** A new session's token. */
export async function createSession(db: Executor, userId: string, meta: { userAgent?: string; ip?: string }): Promise<string> {
  return (await openSession(db, userId, meta)).token;
}

/** The session of the token, if it has not expired. */
const liveSession = (token: string): SQL | undefined => and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date()));

/** The user id of a live session, or null. */
export async function findSessionUserId(db: Executor, token: string): Promise<string | null> {
  const rows = await db.select({ userId: sessions.userId }).from(sessions).where(liveSession(token)).limit(1);
  return rows[0]?.userId ?? null;
}

const { passwordHash: _passwordHash, ...signedInUserColumns } = getTableColumns(users);

/** A session's user, and when the session last authenticated a request (null: not since it began). */
export interface LiveSession {
  user: SignedInUser;
  lastSeenAt: Date | null;
}

/**
 * The user of a live session (their row but the password hash) and its last-seen time, or null: one
 * statement, the session joined with its user, so that a request has its user without a read of its own.
 */
export async function findSessionUser(db: Executor, token: string): Promise<LiveSession | null> {
  const rows = await db
    .select({ user: signedInUserColumns, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession(token))
    .limit(1);
  return rows[0] ?? null;
}

/** A session's last-seen time is written at most this often (the sessions list shows it to the minute). */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/** Whether a session last seen at `lastSeenAt` should be marked seen now. */
export const lastSeenIsStale = (lastSeenAt: Date | null, now = Date.now()): boolean =>
  lastSeenAt === null || now - lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS;

/**
 * Mark the session seen now, unless another request did within the resolution (a conditional update:
 * concurrent requests of one session write once).
 */
export async function touchSession(db: Executor, token: string, now = new Date()): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.tokenHash, hashToken(token)), or(isNull(sessions.lastSeenAt), lte(sessions.lastSeenAt, staleBefore))));
}

/** End the token's session; returns its user and token hash, or null when it had already ended. */
export async function deleteSession(db: Executor, token: string): Promise<{ userId: string; tokenHash: string } | null> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ userId: sessions.userId, tokenHash: sessions.tokenHash });
  return rows[0] ?? null;
}

/** Delete the sessions past their expiry (they no longer authenticate); returns how many went. */
export async function deleteExpiredSessions(db: Executor, now = new Date()): Promise<number> {
  const rows = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ tokenHash: sessions.tokenHash });
  return rows.length;
}

export { users };
