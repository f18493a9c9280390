import type { ReadyData } from '@rally/shared/gateway/protocol';
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { seedTeam, setTeamList, updateTeamInList, upsertMember, upsertTeamInList } from './cache';

/** READY: the teams, and each team's channels, categories and roles. */
export function applyTeamsReady(qc: QueryClient, data: ReadyData): void {
  setTeamList(qc, data.teams);
  for (const team of data.teams) seedTeam(qc, team.id, data);
}

export const teamEvents = {
  USER_JOINED_TEAM(qc, data) {
    upsertTeamInList(qc, data.team);
    seedTeam(qc, data.team.id, data);
  },

  TEAM_MEMBER_ADDED(qc, { teamId, member }) {
    if (!upsertMember(qc, teamId, member)) updateTeamInList(qc, teamId, (t) => ({ ...t, memberCount: t.memberCount + 1 }));
  },
} satisfies FeatureEventHandlers;
