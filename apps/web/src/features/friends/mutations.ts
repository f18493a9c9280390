import type { SendFriendRequest } from '@rally/shared/api/friends';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { addBlocked, removeBlocked, removeFriend, upsertFriend } from './cache';

/** Send a friend request by username (the server accepts the other's pending request instead, when there is one). */
export function useSendFriendRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: SendFriendRequest) => (await call('sendFriendRequest', { body })).friend,
    onSuccess: (friend) => {
      if (friend) upsertFriend(qc, friend);
    },
  });
}

/** Accept or decline an incoming request from `userId`. */
export function useRespondFriendRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, status }: { userId: string; status: 'accepted' | 'rejected' }) =>
      (await call('respondFriendRequest', { params: { userId }, body: { status, id: userId } })).friend,
    onSuccess: (friend, { userId }) => {
      if (friend) upsertFriend(qc, friend);
      else removeFriend(qc, userId);
    },
  });
}

/** Cancel an outgoing request, or unfriend. */
export function useRemoveFriend() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => call('removeFriend', { params: { userId }, body: { id: userId } }),
    onSuccess: (_r, userId) => removeFriend(qc, userId),
  });
}

export function useBlockUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => (await call('blockUser', { params: { userId } })).blocked,
    onSuccess: (blocked) => addBlocked(qc, blocked),
  });
}

export function useUnblockUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => call('unblockUser', { params: { userId } }),
    onSuccess: (_r, userId) => removeBlocked(qc, userId),
  });
}

/** Become friends through a friend-invite link. */
export function useAcceptFriendInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => (await call('acceptFriendInvite', { body: { code } })).friend,
    onSuccess: (friend) => {
      if (friend) upsertFriend(qc, friend);
    },
  });
}
