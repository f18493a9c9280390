import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { setTeamEmojis } from './cache';

export const emojiEvents = {
  /**
   * A team's emoji changed (upload, rename, delete): the settings tab and the picker take the new
   * list, and messages showing an emoji that left it fall back to its name.
   */
  TEAM_EMOJIS_UPDATED: (qc, { teamId, emojis }) => setTeamEmojis(qc, teamId, emojis),
} satisfies FeatureEventHandlers;
