import type { SessionInfo } from '@rally/shared/api/sessions';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/** A session was signed out: it leaves the list. */
export function removeSession(qc: QueryClient, id: string): void {
  qc.setQueryData<SessionInfo[]>(queryKeys.sessions, (old) => old?.filter((s) => s.id !== id));
}

/** Every other session was signed out: only the current one stays. */
export function keepCurrentSession(qc: QueryClient): void {
  qc.setQueryData<SessionInfo[]>(queryKeys.sessions, (old) => old?.filter((s) => s.current));
}
