import type { MeResponse } from '@rally/shared/api/users';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/**
 * The one place that writes the signed-in user's cache (queryKeys.me: MeResponse, or null when
 * signed out): the session mutations and the live events go through these.
 */

/** A change to the signed-in user (READY, their presence); nothing while signed out or not loaded, or when `update` returns the user unchanged. */
export function updateMeUser(qc: QueryClient, update: (user: MeResponse['user']) => MeResponse['user']): void {
  qc.setQueryData<MeResponse | null>(queryKeys.me, (old) => {
    if (!old) return old;
    const user = update(old.user);
    return user === old.user ? old : { ...old, user };
  });
}

/** Signed in or registered: `me` is fetched again (with everything the session may see). */
export function refreshMe(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ queryKey: queryKeys.me });
}

/** Signed out: every cached query but `me` and the region is forgotten, and `me` says signed out. */
export function forgetSession(qc: QueryClient): void {
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] && q.queryKey[0] !== queryKeys.region[0] });
  qc.setQueryData<MeResponse | null>(queryKeys.me, null);
}

/** A change to the signed-in user's settings (the status they chose); nothing while signed out or not loaded. */
export function updateMeSettings(qc: QueryClient, update: (settings: MeResponse['settings']) => MeResponse['settings']): void {
  qc.setQueryData<MeResponse | null>(queryKeys.me, (old) => (old ? { ...old, settings: update(old.settings) } : old));
}
