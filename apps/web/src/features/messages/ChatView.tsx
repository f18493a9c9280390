import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { useChannelMounted } from '../../lib/gateway/use-channel-mounted';
import styles from './ChatView.module.css';
import { Composer } from './Composer';
import { useMentionEncoder } from './content/use-mention-encoder';
import { encodeCustomEmoji } from '../emoji/emoji-text';
import { useUsableEmojis } from '../emoji/use-usable-emojis';
import { MessageList } from './MessageList';
import { useSendMessage } from './mutations';
import { PaceNotice } from './PaceNotice';
import type { ChatPerson } from '../message-actions/actions-context';
import { MessageActionsProvider } from '../message-actions/MessageActionsProvider';
import type { ChatPlace } from './place';
import { TypingIndicator } from '../typing/TypingIndicator';
import { useTypingSender } from '../typing/use-typing-sender';
import { useReadChannel } from '../unread/use-read-channel';
import { useScheduleMessage } from '../scheduled/mutations';
import { ScheduledMessages } from '../scheduled/ScheduledMessages';
import { formatFull } from './format';
import type { Attachment } from '@rally/shared/api/attachments';
import { DropOverlay } from '../attachments/DropOverlay';
import { useAttachmentDraft } from '../attachments/use-attachment-draft';
import { useFileDrop } from '../attachments/use-file-drop';
import { ComposerNotice } from './ComposerNotice';
import { useWriteRules } from './use-write-rules';

interface Props {
  /** Null for a direct chat. */
  teamId: string | null;
  channelId: string;
  place: ChatPlace;
  /** A direct chat's people, the reader included (mentions by name, who reacted). */
  chatPeople?: readonly ChatPerson[];
  /** In place of the composer (a read-only direct chat, or one with a blocked person): no sending, no reacting. */
  composerReplacement?: ReactNode;
}

const NOBODY: readonly ChatPerson[] = [];

/**
 * A text channel's or a direct chat's conversation: history with the scroll-up loader, the user's
 * scheduled messages, and the composer with its attachments; images dropped on the chat are
 * attached too (an overlay while they are dragged over it). Where the reader may not send
 * (useWriteRules, or the chat's own `composerReplacement`) a notice says why in the composer's
 * place, and replying, attaching and (where the server refuses it too) reacting go; under slowmode
 * the composer holds the next message until the cooldown ends.
 */
export function ChatView({ teamId, channelId, place, chatPeople = NOBODY, composerReplacement }: Props) {
  const toast = useToast();
  const showError = useCallback((message: string) => toast.show(message, 'error'), [toast]);
  const rules = useWriteRules(teamId, channelId);
  const { send, retry, discard, notice } = useSendMessage(channelId, showError, rules.slowmodeMs);
  const [sentSignal, setSentSignal] = useState(0);
  const encodeMentions = useMentionEncoder(teamId, chatPeople);
  const emojis = useUsableEmojis(teamId);
  // The text as sent: mentions and team emoji in their syntax (docs/message-format.md).
  const encode = useCallback((content: string) => encodeCustomEmoji(encodeMentions(content), emojis), [encodeMentions, emojis]);
  useChannelMounted(channelId, teamId ?? undefined);
  const typing = useTypingSender(channelId, teamId ?? undefined);
  const onAtBottomChange = useReadChannel(channelId, teamId);
  const schedule = useScheduleMessage(channelId);
  const { t, i18n } = useTranslation('scheduled');
  const { t: tChat } = useTranslation('chat');
  const attachments = useAttachmentDraft(channelId);
  const replacement = composerReplacement ?? (rules.blocked && <ComposerNotice>{tChat(`composerBlocked.${rules.blocked}`)}</ComposerNotice>);
  const canCompose = !replacement;
  const canReact = rules.canReact && !composerReplacement;
  const drop = useFileDrop(canCompose, (files) => attachments.add(files, 'drop'));

  const onSend = useCallback(
    (content: string, replyTo: string | null, sentAttachments: Attachment[]) => {
      send(encode(content), replyTo, sentAttachments);
      typing.sent();
      setSentSignal((n) => n + 1);
    },
    [send, encode, typing],
  );

  const onSchedule = useCallback(
    async (content: string, replyTo: string | null, scheduledAt: string, scheduledAttachments: Attachment[]) => {
      const scheduled = await schedule.mutateAsync({ content: encode(content), replyTo, scheduledAt, attachments: scheduledAttachments });
      toast.show(t('scheduledFor', { time: formatFull(new Date(scheduled.scheduledAt), i18n.language) }), 'success');
    },
    [schedule, encode, toast, t, i18n.language],
  );

  return (
    <MessageActionsProvider key={channelId} teamId={teamId} channelId={channelId} chatPeople={chatPeople} canSend={canCompose} canReact={canReact}>
      <div className={styles.chat} {...drop.handlers}>
        <MessageList
          key={channelId}
          channelId={channelId}
          place={place}
          onRetry={retry}
          onDiscard={discard}
          scrollToBottomSignal={sentSignal}
          onAtBottomChange={onAtBottomChange}
        />
        <PaceNotice notice={notice} />
        <ScheduledMessages teamId={teamId} channelId={channelId} />
        {replacement || (
          <Composer
            key={`composer-${channelId}`}
            place={place}
            teamId={teamId}
            onSend={onSend}
            onTyping={typing.typed}
            onSchedule={onSchedule}
            attachments={attachments}
            held={notice?.kind === 'slowmode' ? tChat('slowmodeHeld') : null}
          />
        )}
        <TypingIndicator channelId={channelId} />
        {drop.dragging && <DropOverlay place={place} limitBytes={attachments.limitBytes} />}
      </div>
    </MessageActionsProvider>
  );
}
