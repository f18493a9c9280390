import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { useChannelMounted } from '../../lib/gateway/use-channel-mounted';
import styles from './ChatView.module.css';
import { Composer } from './Composer';
import { useMentionEncoder } from './content/use-mention-encoder';
import { MessageList } from './MessageList';
import { useSendMessage } from './mutations';
import { PaceNotice } from './PaceNotice';
import { MessageActionsProvider } from '../message-actions/MessageActionsProvider';
import { TypingIndicator } from '../typing/TypingIndicator';
import { useTypingSender } from '../typing/use-typing-sender';
import { useReadChannel } from '../unread/use-read-channel';
import { useScheduleMessage } from '../scheduled/mutations';
import { ScheduledMessages } from '../scheduled/ScheduledMessages';
import { formatFull } from './format';

interface Props {
  teamId: string;
  channelId: string;
  channelName: string;
}

/** A text channel's conversation: history with the scroll-up loader, the user's scheduled messages, and the composer. */
export function ChatView({ teamId, channelId, channelName }: Props) {
  const toast = useToast();
  const showError = useCallback((message: string) => toast.show(message, 'error'), [toast]);
  const { send, retry, discard, notice } = useSendMessage(channelId, showError);
  const [sentSignal, setSentSignal] = useState(0);
  const encodeMentions = useMentionEncoder(teamId);
  useChannelMounted(channelId, teamId);
  const typing = useTypingSender(channelId, teamId);
  const onAtBottomChange = useReadChannel(channelId, teamId);
  const schedule = useScheduleMessage(channelId);
  const { t, i18n } = useTranslation('scheduled');

  const onSend = useCallback(
    (content: string, replyTo: string | null) => {
      send(encodeMentions(content), replyTo);
      typing.sent();
      setSentSignal((n) => n + 1);
    },
    [send, encodeMentions, typing],
  );

  const onSchedule = useCallback(
    async (content: string, replyTo: string | null, scheduledAt: string) => {
      const scheduled = await schedule.mutateAsync({ content: encodeMentions(content), replyTo, scheduledAt });
      toast.show(t('scheduledFor', { time: formatFull(new Date(scheduled.scheduledAt), i18n.language) }), 'success');
    },
    [schedule, encodeMentions, toast, t, i18n.language],
  );

  return (
    <MessageActionsProvider key={channelId} teamId={teamId} channelId={channelId}>
      <div className={styles.chat}>
        <MessageList
          key={channelId}
          channelId={channelId}
          channelName={channelName}
          onRetry={retry}
          onDiscard={discard}
          scrollToBottomSignal={sentSignal}
          onAtBottomChange={onAtBottomChange}
        />
        <PaceNotice notice={notice} />
        <ScheduledMessages teamId={teamId} channelId={channelId} />
        <Composer key={`composer-${channelId}`} channelName={channelName} onSend={onSend} onTyping={typing.typed} onSchedule={onSchedule} />
        <TypingIndicator channelId={channelId} />
      </div>
    </MessageActionsProvider>
  );
}
