import { createHash } from 'node:crypto';
import type { SessionInfo } from '@rally/shared/api/sessions';
import { publishEvent, type Publisher } from '../../lib/events';
import type { SessionRow } from './repository';

/**
 * A session's public id: 16 hex digits of a SHA-256 over its token hash (under a label of its own).
 * It names the session in the list, in DELETE and in the live events, and tells nothing of the token
 * or its stored hash.
 */
export const sessionPublicId = (tokenHash: string): string => createHash('sha256').update(`rally-session-id:${tokenHash}`).digest('hex').slice(0, 16);

/** A session as the sessions list shows it, but whether it is the one that asks. */
export const publicSession = (row: SessionRow): Omit<SessionInfo, 'current'> => ({
  id: sessionPublicId(row.tokenHash),
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  userAgent: row.userAgent,
  ip: row.ip,
});

/** The user's other sessions learn of a new sign-in (SESSION_CREATED): their sessions list shows it at once. */
export async function publishSessionCreated(publisher: Publisher, userId: string, row: SessionRow): Promise<void> {
  await publishEvent(publisher, { audience: { kind: 'users', userIds: [userId] }, event: { type: 'SESSION_CREATED', data: publicSession(row) } });
}

/** The user's sessions learn which of theirs ended (SESSIONS_REVOKED), after the delete committed; nothing when none did. */
export async function publishSessionsRevoked(publisher: Publisher, userId: string, tokenHashes: readonly string[]): Promise<void> {
  if (tokenHashes.length === 0) return;
  const ids = tokenHashes.map(sessionPublicId);
  await publishEvent(publisher, { audience: { kind: 'users', userIds: [userId] }, event: { type: 'SESSIONS_REVOKED', data: { ids } } });
}
