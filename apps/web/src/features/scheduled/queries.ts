import type { ScheduledMessage } from '@rally/shared/api/scheduled-messages';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** While one of them is overdue (being sent, or dropped because its author may no longer send there), read the list again this often. */
const OVERDUE_REFETCH_MS = 10_000;

/** The user's scheduled messages of a channel that are not sent yet, the soonest first. */
export function useScheduledMessages(channelId: string) {
  return useQuery({
    queryKey: queryKeys.scheduledMessages(channelId),
    queryFn: async ({ signal }): Promise<ScheduledMessage[]> => (await call('listScheduledMessages', { params: { channelId } }, { signal })).scheduledMessages,
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.some((m) => Date.parse(m.scheduledAt) <= Date.now()) ? OVERDUE_REFETCH_MS : false),
  });
}

/** When a sent scheduled message was scheduled for (GET message's scheduledDate). */
export function useScheduledDate(channelId: string, messageId: string) {
  return useQuery({
    queryKey: queryKeys.scheduledDate(channelId, messageId),
    queryFn: async ({ signal }): Promise<string | null> => (await call('getMessage', { params: { channelId, messageId } }, { signal })).scheduledDate,
    staleTime: Infinity,
    retry: false,
  });
}
