import type { SessionInfo } from '@rally/shared/api/sessions';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/** A new session (a sign-in on another device, SESSION_CREATED) heads the list, when it is loaded and does not hold it yet. */
export function addSession(qc: QueryClient, session: SessionInfo): void {
  qc.setQueryData<SessionInfo[]>(queryKeys.sessions, (old) => (old && !old.some((s) => s.id === session.id) ? [session, ...old] : old));
}

/** Sessions were signed out (here, or SESSIONS_REVOKED): they leave the list. */
export function removeSessions(qc: QueryClient, ids: readonly string[]): void {
  qc.setQueryData<SessionInfo[]>(queryKeys.sessions, (old) => old?.filter((s) => !ids.includes(s.id)));
}

/** Every other session was signed out: only the current one stays. */
export function keepCurrentSession(qc: QueryClient): void {
  qc.setQueryData<SessionInfo[]>(queryKeys.sessions, (old) => old?.filter((s) => s.current));
}
