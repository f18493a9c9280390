import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema';

export interface SessionRow {
  tokenHash: string;
  createdAt: Date;
  lastSeenAt: Date | null;
  userAgent: string | null;
  ip: string | null;
}

/** The user's sessions that still authenticate, newest first. */
export async function listLiveSessions(db: Executor, userId: string, now = new Date()): Promise<SessionRow[]> {
  return db
    .select({ tokenHash: sessions.tokenHash, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent, ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt));
}

/** Delete these sessions of the user; returns the token hashes that were deleted (to close their sockets). */
export async function deleteUserSessionsByHash(db: Executor, userId: string, tokenHashes: readonly string[]): Promise<string[]> {
  if (tokenHashes.length === 0) return [];
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), inArray(sessions.tokenHash, [...tokenHashes])))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.map((row) => row.tokenHash);
}
