import type { ReportReason } from '@rally/shared/api/message-actions';
import type { Message } from '@rally/shared/api/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { applyMessageEdit, findCachedMessage, removeMessage, restoreMessage } from '../messages/update-cache';

/**
 * Edit one's message: the new text shows at once (with the edit time), the server's copy replaces
 * it, and a refusal puts the old text back (the caller shows the error).
 */
export function useEditMessage(channelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, content }: { messageId: string; content: string }) =>
      call('editMessage', { params: { channelId, messageId }, body: { content } }),
    onMutate: ({ messageId, content }) => {
      const before = findCachedMessage(qc, channelId, messageId);
      if (before) applyMessageEdit(qc, { ...before, content: content.trim(), editedAt: new Date().toISOString() });
      return { before };
    },
    onSuccess: ({ message }) => applyMessageEdit(qc, message),
    onError: (_err, _vars, context) => {
      if (context?.before) restoreMessage(qc, context.before);
    },
  });
}

/** Delete a message (one's own, or any with MANAGE_MESSAGES): it leaves the history once the server agrees. */
export function useDeleteMessage(channelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: Pick<Message, 'id'>) => call('deleteMessage', { params: { channelId, messageId: message.id } }),
    onSuccess: (_r, message) => removeMessage(qc, channelId, message.id),
  });
}

/** Report a message with one of the spec's reasons. */
export function useReportMessage() {
  return useMutation({
    mutationFn: ({ messageId, reason }: { messageId: string; reason: ReportReason }) => call('reportMessage', { params: { messageId }, body: { reason } }),
  });
}
