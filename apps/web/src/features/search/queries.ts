import type { SearchMessagesQuery, SearchMessagesResponse } from '@rally/shared/api/search';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** A search's request without its paging. */
export type SearchRequest = Partial<Omit<SearchMessagesQuery, 'cursor' | 'limit'>>;

/**
 * Pages of a message search, newest first; the next page is asked with the last page's cursor.
 * A search is a snapshot: live events do not change it, and it is asked again when run again.
 */
export function useMessageSearch(request: SearchRequest | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.messageSearch({ ...request }),
    queryFn: async ({ pageParam, signal }): Promise<SearchMessagesResponse> =>
      call('searchMessages', { query: { ...request, ...(pageParam ? { cursor: pageParam } : {}) } }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: request !== null,
    staleTime: 30_000,
    retry: false,
  });
}
