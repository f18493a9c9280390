import type { PublicUser } from '@rally/shared/api/users';
import type { ReadyData } from '@rally/shared/gateway/protocol';
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { updateMeUser } from '../auth/cache';
import { setFriendPresence } from '../friends/cache';
import { queryKeys } from '../../lib/query-keys';
import { updateMemberEverywhere } from '../teams/cache';

/** READY: the signed-in user as the gateway sees them; the presences heard in a previous session are forgotten. */
export function applyMeReady(qc: QueryClient, data: ReadyData): void {
  updateMeUser(qc, (user) => ({ ...user, ...data.user }));
  qc.removeQueries({ queryKey: queryKeys.presence, exact: true });
}

/**
 * The presences heard in this session, by user: a member list whose request was answered from the
 * database before a change it missed the event of (the event came before the answer) takes them
 * over (members-queries.ts).
 */
export function heardPresences(qc: QueryClient): Record<string, PublicUser['presence']> | undefined {
  return qc.getQueryData(queryKeys.presence);
}

export const userEvents = {
  /** A user's presence: in every loaded member list, the friends list, and in `me` when it is the signed-in user. */
  PRESENCE_UPDATE(qc, { userId, presence }) {
    qc.setQueryData<Record<string, PublicUser['presence']>>(queryKeys.presence, (old) => ({ ...old, [userId]: presence }));
    updateMemberEverywhere(qc, userId, (m) => ({ ...m, presence }));
    setFriendPresence(qc, userId, presence);
    updateMeUser(qc, (user) => (user.id === userId ? { ...user, presence } : user));
  },
} satisfies FeatureEventHandlers;
