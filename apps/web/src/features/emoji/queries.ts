import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The team's emoji with who uploaded them, oldest first (the Emoji tab). Cache shape: TeamEmoji[]. */
export function useTeamEmojis(teamId: string) {
  return useQuery({
    queryKey: queryKeys.teamEmojis(teamId),
    queryFn: async ({ signal }) => (await call('listTeamEmojis', { params: { teamId } }, { signal })).reactions,
  });
}

const NONE: string[] = [];

/** Whether a team emoji was deleted during this session (client-only: written by emoji/cache.ts, never fetched). */
export function useEmojiDeleted(emojiId: string): boolean {
  const deleted = useQuery({ queryKey: queryKeys.deletedEmojis, queryFn: () => NONE, staleTime: Infinity, enabled: false }).data ?? NONE;
  return deleted.includes(emojiId);
}
