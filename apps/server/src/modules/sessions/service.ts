import type { SessionInfo } from '@rally/shared/api/sessions';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Publisher } from '../../lib/events';
import type { SessionSockets } from '../auth/service';
import { hashToken } from '../auth/session-repository';
import { publicSession, publishSessionsRevoked, sessionPublicId } from './events';
import { deleteUserSessionsByHash, listLiveSessions, type SessionRow } from './repository';

/** `bus`: the user's remaining sessions hear which ended (SESSIONS_REVOKED). */
export interface SessionsDeps extends Publisher {
  db: Database;
  /** The gateway: a session signed out loses its sockets on every process. */
  sockets: SessionSockets;
}

const toInfo = (row: SessionRow, currentHash: string | null): SessionInfo => ({ ...publicSession(row), current: row.tokenHash === currentHash });

const currentHashOf = (token: string | null) => (token ? hashToken(token) : null);

/** The user's live sessions (devices), newest first, the one of `currentToken` marked current. */
export async function listSessions(deps: SessionsDeps, userId: string, currentToken: string | null): Promise<SessionInfo[]> {
  const currentHash = currentHashOf(currentToken);
  return (await listLiveSessions(deps.db, userId)).map((row) => toInfo(row, currentHash));
}

/**
 * Sign one of the user's sessions out by its public id (404 session_not_found when the user has no
 * such live session): it is deleted, then its sockets close, as logout does, and the user's other
 * sessions hear of it (SESSIONS_REVOKED). Returns whether it was
 * the current session (its cookie is then cleared).
 */
export async function signOutSession(deps: SessionsDeps, userId: string, currentToken: string | null, id: string): Promise<{ current: boolean }> {
  const row = (await listLiveSessions(deps.db, userId)).find((s) => sessionPublicId(s.tokenHash) === id);
  const ended = row ? await deleteUserSessionsByHash(deps.db, userId, [row.tokenHash]) : [];
  if (!row || ended.length === 0) throw notFound('session_not_found');
  deps.sockets.closeSessionsOfTokenHashes(ended);
  await publishSessionsRevoked(deps, userId, ended);
  return { current: row.tokenHash === currentHashOf(currentToken) };
}

/** Sign out every session of the user but the current one; their sockets close, and the current one hears which ended. Returns how many ended. */
export async function signOutOtherSessions(deps: SessionsDeps, userId: string, currentToken: string | null): Promise<number> {
  const currentHash = currentHashOf(currentToken);
  const others = (await listLiveSessions(deps.db, userId)).map((s) => s.tokenHash).filter((hash) => hash !== currentHash);
  const ended = await deleteUserSessionsByHash(deps.db, userId, others);
  deps.sockets.closeSessionsOfTokenHashes(ended);
  await publishSessionsRevoked(deps, userId, ended);
  return ended.length;
}
