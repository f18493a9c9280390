import type { CreateTeamRequest, Team } from '@rally/shared/api/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { setTeamListOrder, upsertTeamInList } from './cache';

/** Create a team: it goes into the team list at once (the live event may have put it there first). */
export function useCreateTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTeamRequest) => (await call('createTeam', { body })).createdTeam,
    onSuccess: (team) => upsertTeamInList(qc, team),
  });
}

/**
 * Order the user's team list (the team icons): the list takes the new order at once, and the order it
 * had comes back if the server refuses (the caller shows the error).
 */
export function useReorderTeams() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => call('reorderTeams', { body: ids }),
    onMutate: async (ids) => {
      await qc.cancelQueries({ queryKey: queryKeys.teams });
      const previous = qc.getQueryData<Team[]>(queryKeys.teams)?.map((t) => t.id);
      setTeamListOrder(qc, ids);
      return { previous };
    },
    // Back to the order it had (a team joined meanwhile stays in the list).
    onError: (_err, _ids, context) => {
      if (context?.previous) setTeamListOrder(qc, context.previous);
    },
  });
}
