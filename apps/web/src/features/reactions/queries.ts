import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * The emoji of the user's teams (GET /api/me/reactions), for the picker: not refetched on focus,
 * one retry after 1 s (spec 001 §7 Emoji).
 */
export function useMyEmojis(enabled = true) {
  return useQuery({
    queryKey: queryKeys.myEmojis,
    queryFn: async ({ signal }) => (await call('myEmojis', {}, { signal })).reactions,
    enabled,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    retry: 1,
    retryDelay: 1000,
  });
}
