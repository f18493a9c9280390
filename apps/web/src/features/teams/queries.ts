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
