import type { Member } from '@rally/shared/api/teams';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const FIVE_MINUTES = 5 * 60_000;

/** Members of a team (Member[]); live events (member added, presence) update it in place. */
export function useTeamMembers(teamId: string) {
  return useQuery({
    queryKey: queryKeys.teamMembers(teamId),
    queryFn: async ({ signal }): Promise<Member[]> => {
      const r = await call('teamMembers', { params: { teamId } }, { signal });
      return r.members;
    },
    staleTime: FIVE_MINUTES,
  });
}
