import type { Attachment } from '@rally/shared/api/attachments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api';
import { addScheduled, removeScheduled } from './cache';

/**
 * Schedule a message (its text and uploaded attachments): a send with `scheduledAt`. The server keeps it and answers the scheduled
 * message, which joins the user's list of the channel; nothing shows in the history until it is sent.
 */
export function useScheduleMessage(channelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({
      content,
      replyTo,
      scheduledAt,
      attachments,
    }: {
      content: string;
      replyTo: string | null;
      scheduledAt: string;
      attachments: Attachment[];
    }) => {
      const body = {
        content,
        replyTo,
        scheduledAt,
        type: 'scheduled' as const,
        ...(attachments.length ? { attachments: attachments.map(({ id }) => ({ id })) } : {}),
      };
      const res = await call('sendMessage', { params: { channelId }, body });
      if (!('scheduledMessage' in res)) throw new Error('the server sent the message instead of scheduling it');
      return res.scheduledMessage;
    },
    onSuccess: (scheduled) => addScheduled(qc, scheduled),
  });
}

/** Cancel one of the user's scheduled messages: it leaves the list once the server agrees (404: it was sent meanwhile, or cancelled elsewhere). */
export function useCancelScheduledMessage(channelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('cancelScheduledMessage', { params: { channelId, scheduledMessageId: id } }),
    onSuccess: (_r, id) => removeScheduled(qc, channelId, id),
    onError: (err, id) => {
      if (err instanceof ApiError && err.status === 404) removeScheduled(qc, channelId, id);
    },
  });
}
