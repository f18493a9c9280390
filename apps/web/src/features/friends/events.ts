import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import type { QueryClient } from '@tanstack/react-query';
import { addBlocked, reloadFriends, removeBlocked, removeFriend, upsertFriend } from './cache';

/** READY: friends and blocks may have changed while the session was away (they are not in READY itself). */
export function applyFriendsReady(qc: QueryClient): void {
  reloadFriends(qc);
}

/** Spec 000 §4 / 001 §4 Friend: pending added on request, accepted replaces the entry, removed (rejected, cancelled, unfriended) drops it. */
export const friendEvents = {
  FRIEND_REQUEST(qc, { friend }) {
    upsertFriend(qc, friend);
  },
  FRIEND_ACCEPTED(qc, { friend }) {
    upsertFriend(qc, friend);
  },
  FRIEND_REMOVED(qc, { userId }) {
    removeFriend(qc, userId);
  },
  /** Blocked on another of the user's sessions. */
  USER_BLOCKED(qc, { blocked }) {
    addBlocked(qc, blocked);
  },
  USER_UNBLOCKED(qc, { userId }) {
    removeBlocked(qc, userId);
  },
} satisfies FeatureEventHandlers;
