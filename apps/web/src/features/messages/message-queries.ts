import { LIMITS } from '@rally/shared/limits';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { getPending, type ChatMessage, type MessagePage } from './message-cache';

/**
 * A channel's history, newest page first; the next page is the one just older (`before` the oldest
 * id loaded). Live events keep it current, so it is not refetched on its own.
 */
export function useChannelMessages(channelId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.channelMessages(channelId),
    queryFn: async ({ pageParam, signal }): Promise<MessagePage> => {
      const query = { limit: LIMITS.message.pageSize, ...(pageParam ? { before: pageParam } : {}) };
      const r = await call('listMessages', { params: { channelId }, query }, { signal });
      return { messages: r.messages, hasMore: r.hasMore, replyMessages: r.replyMessages };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.messages[0]?.id : undefined),
    staleTime: Infinity,
  });
}

/** Our unconfirmed (sending or failed) messages of a channel: a client-only cache entry. */
export function usePendingMessages(channelId: string): ChatMessage[] {
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.pendingMessages(channelId),
    // Never fetched from anywhere: a refetch keeps what the cache holds.
    queryFn: () => getPending(qc, channelId),
    initialData: [] as ChatMessage[],
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return data;
}
