import type { Member } from '@rally/shared/api/teams';
import type { MeResponse } from '@rally/shared/api/users';
import type { ReadyData } from '@rally/shared/gateway/protocol';
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { queryKeys } from '../../lib/query-keys';

function isMembersKey(key: readonly unknown[]): boolean {
  return key.length === 3 && key[0] === 'teams' && key[2] === 'members';
}

/** READY: the signed-in user as the gateway sees them. */
export function applyMeReady(qc: QueryClient, data: ReadyData): void {
  qc.setQueryData<MeResponse>(queryKeys.me, (old) => (old ? { ...old, user: { ...old.user, ...data.user } } : old));
}

export const userEvents = {
  /** A user's presence: in every loaded member list, and in `me` when it is the signed-in user. */
  PRESENCE_UPDATE(qc, { userId, presence }) {
    qc.setQueriesData<Member[]>({ predicate: (q) => isMembersKey(q.queryKey) }, (old) =>
      old?.some((m) => m.id === userId) ? old.map((m) => (m.id === userId ? { ...m, presence } : m)) : old,
    );
    qc.setQueryData<MeResponse>(queryKeys.me, (old) => (old && old.user.id === userId ? { ...old, user: { ...old.user, presence } } : old));
  },
} satisfies FeatureEventHandlers;
