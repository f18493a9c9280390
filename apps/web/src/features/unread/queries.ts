import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { dmUnreadTotal, EMPTY_UNREAD, fromResponse, teamSummary, type ChannelUnreadState, type TeamUnreadSummary, type UnreadState } from './unread-state';

/**
 * The unread counters (GET /api/v1/teams/unread), loaded once and kept current by live events
 * (MESSAGE_SEND, MESSAGE_READ); loaded again after READY.
 */
export function useUnread<T>(select: (state: UnreadState) => T) {
  return useQuery({
    queryKey: queryKeys.unread,
    queryFn: async ({ signal }): Promise<UnreadState> => fromResponse(await call('unread', {}, { signal })),
    staleTime: Infinity,
    select,
  });
}

const NOTHING: ChannelUnreadState = { teamId: null, unread: 0, mentions: 0 };

/** One channel's counters (zero while unknown). */
export function useChannelUnread(channelId: string): ChannelUnreadState {
  return useUnread((state) => state.channels[channelId]).data ?? NOTHING;
}

/** One team's dot and mention count. */
export function useTeamUnread(teamId: string): TeamUnreadSummary {
  const { data } = useUnread((state) => teamSummary(state, teamId));
  return data ?? teamSummary(EMPTY_UNREAD, teamId);
}

/** Unread messages over every direct chat (the direct-messages link's badge). */
export function useDmUnreadTotal(): number {
  return useUnread(dmUnreadTotal).data ?? 0;
}
