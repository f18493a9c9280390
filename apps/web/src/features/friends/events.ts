import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { addBlocked, removeBlocked, removeFriend, upsertFriend } from './cache';

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
