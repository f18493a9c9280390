import type { Member } from '@rally/shared/api/teams';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { heardPresences } from '../users/cache';

const FIVE_MINUTES = 5 * 60_000;

/** Members of a team (Member[]); live events (member added, presence) update it in place. Not read while `enabled` is false, nor for the team id '' (a direct chat has none). */
export function useTeamMembers(teamId: string, enabled = true) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: queryKeys.teamMembers(teamId),
    queryFn: async ({ signal }): Promise<Member[]> => {
      const r = await call('teamMembers', { params: { teamId } }, { signal });
      // A PRESENCE_UPDATE may have come while the list was being read (and found no list to change).
      const heard = heardPresences(qc);
      if (!heard) return r.members;
      return r.members.map((m) => {
        const presence = heard[m.id];
        return presence === undefined ? m : { ...m, presence };
      });
    },
    staleTime: FIVE_MINUTES,
    enabled: enabled && teamId !== '',
  });
}
