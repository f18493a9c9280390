import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { markTeamReadInCache } from './cache';
import { holdUnread, releaseUnread } from './viewing';

/** "Mark as read" in the team menu (DELETE /api/v1/teams/{id}/unread): the team's badges clear when the server agrees (its MESSAGE_READ also clears the user's other sessions). */
export function useMarkTeamRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => call('markTeamRead', { params: { teamId } }),
    onSuccess: (_data, teamId) => markTeamReadInCache(qc, teamId),
  });
}

/**
 * Mark Unread from a message (POST …/messages/{id}/unread): the channel is held unread in this window
 * first (so that the view it is open in does not read it again before the server's MESSAGE_UNREAD,
 * which brings the marker and the counts), and released if the server refuses.
 */
export function useMarkUnread(channelId: string) {
  return useMutation({
    mutationFn: (messageId: string) => call('markUnread', { params: { channelId, messageId } }),
    onMutate: () => holdUnread(channelId),
    onError: () => releaseUnread(channelId),
  });
}
