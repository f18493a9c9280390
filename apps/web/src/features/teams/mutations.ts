import type { CreateTeamRequest } from '@rally/shared/api/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { upsertTeamInList } from './cache';

/** Create a team: it goes into the team list at once (the live event may have put it there first). */
export function useCreateTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTeamRequest) => (await call('createTeam', { body })).createdTeam,
    onSuccess: (team) => upsertTeamInList(qc, team),
  });
}
