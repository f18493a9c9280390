import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { setConnections } from './cache';

export const connectionEvents = {
  /** A link was made or undone (often in the tab the provider sent back to): the settings tab shows it at once. */
  CONNECTIONS_UPDATED(qc, { connections }) {
    setConnections(qc, connections);
  },
} satisfies FeatureEventHandlers;
