import type { CreateTeamRequest, Team } from '@rally/shared/api/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The signed-in user's teams. Cache shape under queryKeys.teams: Team[] (the gateway writes the same). */
export function useTeams() {
  return useQuery({
    queryKey: queryKeys.teams,
    queryFn: async ({ signal }) => (await call('listTeams', {}, { signal })).teams,
  });
}

/** Adds a team to a cached list, replacing an entry with the same id (the gateway may have added it first). */
export function upsertTeam(list: Team[] | undefined, team: Team): Team[] {
  if (!list) return [team];
  const index = list.findIndex((t) => t.id === team.id);
  if (index === -1) return [...list, team];
  const copy = list.slice();
  copy[index] = team;
  return copy;
}

export function useCreateTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTeamRequest) => (await call('createTeam', { body })).createdTeam,
    onSuccess: (team) => {
      qc.setQueryData<Team[]>(queryKeys.teams, (old) => upsertTeam(old, team));
    },
  });
}
