import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The signed-in user's direct chats (GET /api/v1/me/chats), kept current by live events (features/dms/events.ts); not read while `enabled` is false. */
export function useDms(enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.dms,
    queryFn: async ({ signal }) => (await call('listDms', {}, { signal })).dms,
    staleTime: Infinity,
  });
}
