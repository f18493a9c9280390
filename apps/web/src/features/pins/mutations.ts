import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { pinChanged } from './cache';

/** Pin or unpin a message of the channel (MANAGE_MESSAGES, or any member of a direct chat); the marker and the pins list follow once the server agrees. */
export function useSetPinned(channelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, pinned }: { messageId: string; pinned: boolean }) =>
      call(pinned ? 'pinMessage' : 'unpinMessage', { params: { channelId, messageId } }),
    onSuccess: (_r, { messageId, pinned }) => pinChanged(qc, { channelId, messageId, pinned }),
  });
}
