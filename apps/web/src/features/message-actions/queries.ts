import type { Message } from '@rally/shared/api/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { findCachedMessage, type SingleMessage } from '../messages/update-cache';

/**
 * The message a reply points to: from the channel's cache when it holds it (history or the page's
 * reply targets, kept current by the live events), else read once on its own. `null`: deleted or
 * missing (the server answered 404), so that the reply shows the deleted-reply text.
 */
export function useReplyTarget(channelId: string, messageId: string): { message: Message | null | undefined; isPending: boolean } {
  const qc = useQueryClient();
  const cached = findCachedMessage(qc, channelId, messageId);
  const query = useQuery({
    queryKey: queryKeys.message(channelId, messageId),
    queryFn: async ({ signal }): Promise<SingleMessage> => {
      try {
        return (await call('getMessage', { params: { channelId, messageId } }, { signal })).message;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: cached === undefined,
    staleTime: Infinity,
    retry: false,
  });
  if (cached !== undefined) return { message: cached, isPending: false };
  return { message: query.data, isPending: query.isPending };
}
