import type { Friend } from '@rally/shared/api/friends';
import type { Member } from '@rally/shared/api/teams';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The username of a user the client already knows outside the open team — a member of another of
 * the user's teams (their loaded member lists), a friend, or the user themself — or null. For
 * mentions in direct messages and of people who are not in the open team's list.
 */
export function knownUserName(queryClient: QueryClient, userId: string, me: { id: string; username: string } | undefined): string | null {
  if (me?.id === userId) return me.username;
  for (const [key, members] of queryClient.getQueriesData<Member[]>({ queryKey: queryKeys.teams })) {
    if (key[2] !== 'members' || !Array.isArray(members)) continue;
    const found = members.find((m) => m.id === userId);
    if (found) return found.username;
  }
  const friend = queryClient.getQueryData<Friend[]>(queryKeys.friends)?.find((f) => f.user.id === userId);
  return friend?.user.username ?? null;
}
