import type { Category, Channel, Member, Role, Team } from '@rally/shared/api/teams';
import type { ReadyData } from '@rally/shared/gateway/protocol';
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { queryKeys } from '../../lib/query-keys';
import type { TeamChannelsData } from './channel-queries';

function upsertById<T extends { id: string }>(list: T[], item: T): T[] {
  const i = list.findIndex((x) => x.id === item.id);
  if (i === -1) return [...list, item];
  const next = list.slice();
  next[i] = item;
  return next;
}

/** A team's channels, categories and roles, from a READY or a join. */
function seedTeam(qc: QueryClient, teamId: string, channels: Channel[], categories: Category[], roles: Role[]): void {
  qc.setQueryData<TeamChannelsData>(queryKeys.teamChannels(teamId), {
    channels: channels.filter((c) => c.teamId === teamId),
    categories: categories.filter((c) => c.teamId === teamId),
  });
  qc.setQueryData<Role[]>(
    queryKeys.teamRoles(teamId),
    roles.filter((r) => r.teamId === teamId),
  );
}

/** READY: the teams, and each team's channels, categories and roles. */
export function applyTeamsReady(qc: QueryClient, data: ReadyData): void {
  qc.setQueryData<Team[]>(queryKeys.teams, data.teams);
  for (const team of data.teams) seedTeam(qc, team.id, data.channels, data.categories, data.roles);
}

export const teamEvents = {
  USER_JOINED_TEAM(qc, { team, channels, categories, roles }) {
    qc.setQueryData<Team[]>(queryKeys.teams, (old) => (old ? upsertById(old, team) : old));
    seedTeam(qc, team.id, channels, categories, roles);
  },

  TEAM_MEMBER_ADDED(qc, { teamId, member }) {
    let known = false;
    qc.setQueryData<Member[]>(queryKeys.teamMembers(teamId), (old) => {
      if (!old) return old;
      known = old.some((m) => m.id === member.id);
      return upsertById(old, member);
    });
    if (!known) {
      qc.setQueryData<Team[]>(queryKeys.teams, (old) => old?.map((t) => (t.id === teamId ? { ...t, memberCount: t.memberCount + 1 } : t)));
    }
  },
} satisfies FeatureEventHandlers;
