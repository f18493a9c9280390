import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The signed-in user's sessions (devices), newest first, the current one marked. */
export function useSessions() {
  return useQuery({
    queryKey: queryKeys.sessions,
    queryFn: async ({ signal }) => (await call('listSessions', {}, { signal })).sessions,
  });
}
