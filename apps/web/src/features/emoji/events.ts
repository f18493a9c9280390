import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { queryKeys } from '../../lib/query-keys';

export const emojiEvents = {
  /** A team's emoji changed (upload, rename, delete): the picker's list is read again. */
  TEAM_EMOJIS_UPDATED: (qc) => void qc.invalidateQueries({ queryKey: queryKeys.myEmojis }),
} satisfies FeatureEventHandlers;
