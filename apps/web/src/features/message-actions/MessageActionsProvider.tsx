import type { Message } from '@rally/shared/api/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { useMeUser } from '../auth/queries';
import { BlockUserDialog, type BlockTarget } from '../friends/BlockUserDialog';
import { lastMessageOf } from '../messages/update-cache';
import { useRequestJump } from '../messages/use-linked-message';
import { useReact } from '../reactions/use-react';
import { useMarkUnread } from '../unread/mutations';
import { useSetPinned } from '../pins/mutations';
import { MessageActionsContext, type ChatPerson, type MessageActionsApi } from './actions-context';
import { useCanManageMessages } from './can-manage';
import { DeleteMessageDialog } from './DeleteMessageDialog';
import { messageElementId } from './jump';
import { useDeleteMessage } from './mutations';
import { ReportDialog } from './ReportDialog';

interface Props {
  /** Null in a direct chat. */
  teamId: string | null;
  channelId: string;
  /** A direct chat's people (see MessageActionsApi.chatPeople). */
  chatPeople?: readonly ChatPerson[];
  /** See MessageActionsApi.canSend and canReact. */
  canSend: boolean;
  canReact: boolean;
  children: ReactNode;
}

const NOBODY: readonly ChatPerson[] = [];

/** The message actions of one chat view (see MessageActionsApi), with its delete, report and block dialogs. */
export function MessageActionsProvider({ teamId, channelId, chatPeople = NOBODY, canSend, canReact, children }: Props) {
  const { t } = useTranslation('message-actions');
  const toast = useToast();
  const qc = useQueryClient();
  const myId = useMeUser()?.id ?? '';
  const canManage = useCanManageMessages(teamId, channelId);
  const [replyingTo, setReplyingTo] = useState<Message | null>(null);
  const [replyRequest, setReplyRequest] = useState(0);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [reporting, setReporting] = useState<Message | null>(null);
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);
  const deleteMessage = useDeleteMessage(channelId);
  const { mutateAsync: deleteAsync } = deleteMessage;
  const reactions = useReact(channelId);
  const { mutate: markUnreadAt } = useMarkUnread(channelId);
  const jumpTo = useRequestJump();
  const { mutate: setPinned } = useSetPinned(channelId);

  const deleteNow = useCallback(
    (message: Message) =>
      deleteAsync(message).catch((err: unknown) => {
        toast.show(err instanceof ApiError ? err.message : t('deleteFailed'), 'error');
      }),
    [deleteAsync, toast, t],
  );

  const api = useMemo<MessageActionsApi>(
    () => ({
      teamId,
      channelId,
      chatPeople,
      myId,
      canManage,
      canPin: teamId === null || canManage,
      canSend,
      canReact,
      replyingTo,
      startReply: (message) => {
        setEditingId(null);
        setReplyingTo(message);
        setReplyRequest((n) => n + 1);
      },
      replyRequest,
      cancelReply: () => setReplyingTo(null),
      editingId,
      startEdit: (messageId) => setEditingId(messageId),
      stopEdit: () => setEditingId(null),
      editLast: () => {
        const last = myId ? lastMessageOf(qc, channelId, myId) : undefined;
        if (!last) return false;
        setReplyingTo(null);
        setEditingId(last.id);
        document.getElementById(messageElementId(last.id))?.scrollIntoView({ block: 'nearest' });
        return true;
      },
      requestDelete: (message, skipConfirm) => {
        if (skipConfirm) void deleteNow(message);
        else setDeleting(message);
      },
      openReport: (message) => setReporting(message),
      markUnread: (message) =>
        markUnreadAt(message.id, { onError: (err) => toast.show(err instanceof ApiError ? err.message : t('markUnreadFailed'), 'error') }),
      requestBlock: (user) => setBlocking(user),
      setPinned: (message, pinned) =>
        setPinned(
          { messageId: message.id, pinned },
          { onError: (err) => toast.show(err instanceof ApiError ? err.message : t(pinned ? 'pin.failed' : 'pin.unpinFailed'), 'error') },
        ),
      reactions,
      jumpTo,
    }),
    [
      teamId,
      channelId,
      chatPeople,
      myId,
      canManage,
      canSend,
      canReact,
      replyingTo,
      replyRequest,
      editingId,
      deleteNow,
      reactions,
      qc,
      jumpTo,
      markUnreadAt,
      setPinned,
      toast,
      t,
    ],
  );

  return (
    <MessageActionsContext.Provider value={api}>
      {children}
      {deleting && (
        <DeleteMessageDialog
          message={deleting}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteAsync(deleting);
            if (replyingTo?.id === deleting.id) setReplyingTo(null);
          }}
        />
      )}
      {reporting && <ReportDialog message={reporting} onClose={() => setReporting(null)} />}
      {blocking && <BlockUserDialog user={blocking} onClose={() => setBlocking(null)} />}
    </MessageActionsContext.Provider>
  );
}
