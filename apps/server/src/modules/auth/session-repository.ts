import { createHash, randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { SignedInUser } from '../users/repository';

export const SESSION_TTL_MS = 30 * 24 * 3_600_000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Executor, userId: string, meta: { userAgent?: string; ip?: string }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    userAgent: meta.userAgent?.slice(0, 256) ?? null,
    ip: meta.ip ?? null,
  });
  return token;
}

/** The session of the token, if it has not expired. */
const liveSession = (token: string): SQL | undefined => and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date()));

/** The user id of a live session, or null. */
export async function findSessionUserId(db: Executor, token: string): Promise<string | null> {
  const rows = await db.select({ userId: sessions.userId }).from(sessions).where(liveSession(token)).limit(1);
  return rows[0]?.userId ?? null;
}

const { passwordHash: _passwordHash, ...signedInUserColumns } = getTableColumns(users);

/**
 * The user of a live session (their row but the password hash), or null: one statement, the
 * session joined with its user, so that a request has its user without a read of its own.
 */
export async function findSessionUser(db: Executor, token: string): Promise<SignedInUser | null> {
  const rows = await db.select(signedInUserColumns).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(liveSession(token)).limit(1);
  return rows[0] ?? null;
}

export async function deleteSession(db: Executor, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Delete the sessions past their expiry (they no longer authenticate); returns how many went. */
export async function deleteExpiredSessions(db: Executor, now = new Date()): Promise<number> {
  const rows = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ tokenHash: sessions.tokenHash });
  return rows.length;
}

export { users };
