import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The signed-in user's teams. Cache shape under queryKeys.teams: Team[] (written through cache.ts). */
export function useTeams() {
  return useQuery({
    queryKey: queryKeys.teams,
    queryFn: async ({ signal }) => (await call('listTeams', {}, { signal })).teams,
  });
}

/** A team's roles, highest priority first (Role[]); seeded by READY, kept current by the role events. Not read for the team id '' (a direct chat has none). */
export function useTeamRoles(teamId: string, enabled = true) {
  return useQuery({
    enabled: enabled && teamId !== '',
    queryKey: queryKeys.teamRoles(teamId),
    queryFn: async ({ signal }) => (await call('listRoles', { params: { teamId } }, { signal })).roles.sort((a, b) => b.priority - a.priority),
    staleTime: 5 * 60_000,
  });
}
