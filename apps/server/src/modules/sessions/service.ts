import { createHash } from 'node:crypto';
import type { SessionInfo } from '@rally/shared/api/sessions';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { SessionSockets } from '../auth/service';
import { hashToken } from '../auth/session-repository';
import { deleteUserSessionsByHash, listLiveSessions, type SessionRow } from './repository';

export interface SessionsDeps {
  db: Database;
  /** The gateway: a session signed out loses its sockets on every process. */
  sockets: SessionSockets;
}

/**
 * A session's public id: 16 hex digits of a SHA-256 over its token hash (under a label of its own).
 * It names the session in the list and in DELETE, and tells nothing of the token or its stored hash.
 */
export const sessionPublicId = (tokenHash: string): string => createHash('sha256').update(`rally-session-id:${tokenHash}`).digest('hex').slice(0, 16);

const toInfo = (row: SessionRow, currentHash: string | null): SessionInfo => ({
  id: sessionPublicId(row.tokenHash),
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  userAgent: row.userAgent,
  ip: row.ip,
  current: row.tokenHash === currentHash,
});

const currentHashOf = (token: string | null) => (token ? hashToken(token) : null);

/** The user's live sessions (devices), newest first, the one of `currentToken` marked current. */
export async function listSessions(deps: SessionsDeps, userId: string, currentToken: string | null): Promise<SessionInfo[]> {
  const currentHash = currentHashOf(currentToken);
  return (await listLiveSessions(deps.db, userId)).map((row) => toInfo(row, currentHash));
}

/**
 * Sign one of the user's sessions out by its public id (404 session_not_found when the user has no
 * such live session): it is deleted, then its sockets close, as logout does. Returns whether it was
 * the current session (its cookie is then cleared).
 */
export async function signOutSession(deps: SessionsDeps, userId: string, currentToken: string | null, id: string): Promise<{ current: boolean }> {
  const row = (await listLiveSessions(deps.db, userId)).find((s) => sessionPublicId(s.tokenHash) === id);
  const ended = row ? await deleteUserSessionsByHash(deps.db, userId, [row.tokenHash]) : [];
  if (!row || ended.length === 0) throw notFound('session_not_found');
  deps.sockets.closeSessionsOfTokenHashes(ended);
  return { current: row.tokenHash === currentHashOf(currentToken) };
}

/** Sign out every session of the user but the current one; their sockets close. Returns how many ended. */
export async function signOutOtherSessions(deps: SessionsDeps, userId: string, currentToken: string | null): Promise<number> {
  const currentHash = currentHashOf(currentToken);
  const others = (await listLiveSessions(deps.db, userId)).map((s) => s.tokenHash).filter((hash) => hash !== currentHash);
  const ended = await deleteUserSessionsByHash(deps.db, userId, others);
  deps.sockets.closeSessionsOfTokenHashes(ended);
  return ended.length;
}
