import { LIMITS } from '@rally/shared/limits';
import { infiniteQueryOptions, useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import {
  getLiveTail,
  getPending,
  newerPageParam,
  newestLoadedId,
  olderPageParam,
  pageQuery,
  replaceHistory,
  toPage,
  withLiveTail,
  type ChatMessage,
  type HistoryAnswer,
  type MessagePage,
  type MessagesData,
  type PageParam,
} from './message-cache';

/**
 * Pages of a channel's history kept at most (1,000 messages). Reading further back lets the newest
 * page go (the history is then detached from the present, message-cache.ts isDetached), reading
 * forward again lets the oldest go: memory and the work of each update stay bounded however far
 * one scrolls.
 */
export const MAX_PAGES = 20;

/** Reads one page of history: GET /api/v1/channels/{id}/messages with the query of `param` (replaced in tests). */
export type PageReader = (channelId: string, param: PageParam, signal?: AbortSignal) => Promise<HistoryAnswer>;

const readPage: PageReader = (channelId, param, signal) =>
  call('listMessages', { params: { channelId }, query: { limit: LIMITS.message.pageSize, ...pageQuery(param) } }, { signal });

/**
 * A channel's history, newest page first: the next page is the one just older (`before` the oldest
 * id loaded), the previous page the one just newer (`after` the newest id loaded), which exists only
 * while the history is detached. It starts at the newest page, or around `around` (`?messageId=`
 * when the channel opens). Live events keep it current, so it is not refetched on its own.
 */
export function historyQueryOptions(qc: QueryClient, channelId: string, around: string | null, read: PageReader = readPage) {
  return infiniteQueryOptions<MessagePage, Error, MessagesData, ReturnType<typeof queryKeys.channelMessages>, PageParam>({
    queryKey: queryKeys.channelMessages(channelId),
    // A page that reaches the present takes the messages that arrived while it was read.
    queryFn: async ({ pageParam, signal }) => withLiveTail(toPage(pageParam, await read(channelId, pageParam, signal)), getLiveTail(qc, channelId)),
    initialPageParam: around ? { around } : null,
    getNextPageParam: (oldest) => olderPageParam(oldest),
    getPreviousPageParam: (newest) => newerPageParam(newest),
    maxPages: MAX_PAGES,
    staleTime: Infinity,
  });
}

/** The history of a channel as the chat view reads it (historyQueryOptions). */
export function useChannelMessages(channelId: string, around: string | null = null) {
  const qc = useQueryClient();
  return useInfiniteQuery(historyQueryOptions(qc, channelId, around));
}

/**
 * Make the history of a loaded channel start over at `param`: the page around a message (a jump to
 * one that is not loaded), or the newest page (back to the present). The history shown stays until
 * the page is here. Resolves false, leaving the history as it was, when the message is not in the
 * page around it (deleted) or `signal` was aborted.
 */
export async function loadHistoryAt(qc: QueryClient, channelId: string, param: null | { around: string }, signal?: AbortSignal): Promise<boolean> {
  const page = toPage(param, await readPage(channelId, param, signal));
  if (param && !page.messages.some((m) => m.id === param.around)) return false;
  // A page of the history being read now would land on top of the new one.
  await qc.cancelQueries({ queryKey: queryKeys.channelMessages(channelId), exact: true });
  if (signal?.aborted) return false;
  replaceHistory(qc, channelId, page, param);
  return true;
}

/**
 * The newest message id of a channel's loaded history, undefined when none is loaded or the history
 * is detached (features/unread reads up to it). A read of the cache, not a second query.
 */
export function useNewestLoadedId(channelId: string): string | undefined {
  const qc = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      qc.getQueryCache().subscribe((event) => {
        const [root, id, kind] = event.query.queryKey as readonly unknown[];
        if (root === 'channels' && id === channelId && kind === 'messages') onChange();
      }),
    [qc, channelId],
  );
  return useSyncExternalStore(subscribe, () => newestLoadedId(qc.getQueryData<MessagesData>(queryKeys.channelMessages(channelId))));
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
