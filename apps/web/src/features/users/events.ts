import type { ReadyData } from '@rally/shared/gateway/protocol';
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { updateMeUser } from '../auth/cache';
import { setFriendPresence } from '../friends/cache';
import { updateMemberEverywhere } from '../teams/cache';
import { setDmPresence } from '../dms/cache';
import { applyProfileChange, forgetPresences, rememberPresence } from './cache';

/** READY: the signed-in user as the gateway sees them; the presences heard in a previous session are forgotten. */
export function applyMeReady(qc: QueryClient, data: ReadyData): void {
  updateMeUser(qc, (user) => ({ ...user, ...data.user }));
  forgetPresences(qc);
}

export const userEvents = {
  /** A user's presence: in every loaded member list, the friends list, and in `me` when it is the signed-in user. */
  PRESENCE_UPDATE(qc, { userId, presence }) {
    rememberPresence(qc, userId, presence);
    updateMemberEverywhere(qc, userId, (m) => ({ ...m, presence }));
    setFriendPresence(qc, userId, presence);
    setDmPresence(qc, userId, presence);
    updateMeUser(qc, (user) => (user.id === userId ? { ...user, presence } : user));
  },
  /** A user's custom status or activity: in their loaded profiles and every loaded member list. */
  USER_PROFILE_UPDATED(qc, change) {
    applyProfileChange(qc, change);
  },
} satisfies FeatureEventHandlers;
