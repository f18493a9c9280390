import type { QueryClient } from '@tanstack/react-query';
import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { reloadDms, removeDm, upsertDm } from './cache';

/** READY: chats may have been opened or written to while the session was away. */
export function applyDmsReady(qc: QueryClient): void {
  reloadDms(qc);
}

/** A chat opened (or shown again), and one hidden or shown on another of the user's sessions. */
export const dmEvents = {
  DM_CREATED(qc, { dm }) {
    upsertDm(qc, dm);
  },
  DM_HIDDEN(qc, { channelId, hidden }) {
    if (hidden) removeDm(qc, channelId);
    else reloadDms(qc);
  },
} satisfies FeatureEventHandlers;
