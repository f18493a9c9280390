import { useCallback, useState } from 'react';
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

interface Props {
  teamId: string;
  channelId: string;
  channelName: string;
}

/** A text channel's conversation: history with the scroll-up loader, and the composer. */
export function ChatView({ teamId, channelId, channelName }: Props) {
  const toast = useToast();
  const showError = useCallback((message: string) => toast.show(message, 'error'), [toast]);
  const { send, retry, discard, notice } = useSendMessage(channelId, showError);
  const [sentSignal, setSentSignal] = useState(0);
  const encodeMentions = useMentionEncoder(teamId);
  useChannelMounted(channelId, teamId);
  const typing = useTypingSender(channelId, teamId);
  const onAtBottomChange = useReadChannel(channelId, teamId);

  const onSend = useCallback(
    (content: string, replyTo: string | null) => {
      send(encodeMentions(content), replyTo);
      typing.sent();
      setSentSignal((n) => n + 1);
    },
    [send, encodeMentions, typing],
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
        <Composer key={`composer-${channelId}`} channelName={channelName} onSend={onSend} onTyping={typing.typed} />
        <TypingIndicator channelId={channelId} />
      </div>
    </MessageActionsProvider>
  );
}
