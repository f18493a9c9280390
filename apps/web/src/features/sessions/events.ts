import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { addSession, removeSessions } from './cache';

export const sessionEvents = {
  /** The user signed in on another device: the sessions list shows it at once. */
  SESSION_CREATED(qc, session) {
    addSession(qc, { ...session, current: false });
  },
  /** Sessions of the user ended (signed out elsewhere, logged out, a password change): they leave the list. */
  SESSIONS_REVOKED(qc, { ids }) {
    removeSessions(qc, ids);
  },
} satisfies FeatureEventHandlers;
