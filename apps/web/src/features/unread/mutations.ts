import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { markTeamReadInCache } from './cache';

/** "Mark as read" in the team menu (DELETE /api/v1/teams/{id}/unread): the team's badges clear when the server agrees (its MESSAGE_READ also clears the user's other sessions). */
export function useMarkTeamRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => call('markTeamRead', { params: { teamId } }),
    onSuccess: (_data, teamId) => markTeamReadInCache(qc, teamId),
  });
}
