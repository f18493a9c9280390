import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { isIncoming } from './friend-lists';

/** The signed-in user's friends and requests (kept current by the FRIEND_* events). */
export function useFriends(enabled = true) {
  return useQuery({
    queryKey: queryKeys.friends,
    queryFn: async ({ signal }) => (await call('listFriends', {}, { signal })).friends,
    enabled,
  });
}

const readBlocks = async ({ signal }: { signal: AbortSignal }) => (await call('listBlocks', {}, { signal })).blocked;

/** The users the signed-in user blocked (kept current by USER_BLOCKED / USER_UNBLOCKED). */
export function useBlocks(enabled = true) {
  return useQuery({ queryKey: queryKeys.blocks, queryFn: readBlocks, enabled });
}

/** Whether the signed-in user blocked this user (`whileLoading`, false unless said, until the list has loaded). */
export function useIsBlocked(userId: string, whileLoading = false): boolean {
  return (
    useQuery({
      queryKey: queryKeys.blocks,
      queryFn: readBlocks,
      select: (blocked) => blocked.some((b) => b.userId === userId),
    }).data ?? whileLoading
  );
}

/** The user's own friend-invite code (made by the server on first call). */
export function useFriendInviteCode(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.friendInviteCode,
    queryFn: async ({ signal }) => (await call('friendInvite', {}, { signal })).code,
    enabled,
    staleTime: Infinity,
  });
}

/** Who a friend-invite code belongs to (works signed out); a 4xx answer is final, not retried. */
export function useFriendInviter(code: string) {
  return useQuery({
    queryKey: queryKeys.friendInviter(code),
    queryFn: async ({ signal }) => (await call('lookupFriendInvite', { params: { code } }, { signal })).inviter,
    enabled: code.length > 0,
    staleTime: 5 * 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
  });
}

/** How many friend requests wait for the signed-in user's answer (the home link's badge). */
export function useIncomingRequestCount(meId: string | undefined): number {
  const friends = useFriends(meId !== undefined);
  return useMemo(() => (meId && friends.data ? friends.data.filter((f) => isIncoming(f, meId)).length : 0), [friends.data, meId]);
}
