import type { PublicUser } from '@rally/shared/api/users';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

type PresenceValue = PublicUser['presence'];

/**
 * The presences heard in this session, by user: a member list whose request was answered from the
 * database before a change it missed the event of (the event came before the answer) takes them
 * over (members-queries.ts).
 */
export function heardPresences(qc: QueryClient): Record<string, PresenceValue> | undefined {
  return qc.getQueryData(queryKeys.presence);
}

/** Remember a presence heard in this session. */
export function rememberPresence(qc: QueryClient, userId: string, presence: PresenceValue): void {
  qc.setQueryData<Record<string, PresenceValue>>(queryKeys.presence, (old) => ({ ...old, [userId]: presence }));
}

/** Forget the presences heard (a new session's READY brings them afresh). */
export function forgetPresences(qc: QueryClient): void {
  qc.removeQueries({ queryKey: queryKeys.presence, exact: true });
}
