import type { Category, Channel } from '@rally/shared/api/teams';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const FIVE_MINUTES = 5 * 60_000;

/** What queryKeys.teamChannels holds. */
export interface TeamChannelsData {
  channels: Channel[];
  categories: Category[];
}

/** Channels and categories of a team that the user may view; READY and live events keep it current. Not read for the team id '' (a direct chat has none). */
export function useTeamChannels(teamId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.teamChannels(teamId),
    queryFn: async ({ signal }): Promise<TeamChannelsData> => {
      const r = await call('teamChannels', { params: { teamId } }, { signal });
      return { channels: r.channels, categories: r.categories };
    },
    staleTime: FIVE_MINUTES,
    enabled: enabled && teamId !== '',
  });
}
