import { useCallback, useState } from 'react';
import { useToast } from '../../components/ui/toast-context';
import { useChannelMounted } from '../../lib/gateway/use-channel-mounted';
import styles from './ChatView.module.css';
import { Composer } from './Composer';
import { useMentionEncoder } from './content/use-mention-encoder';
import { MessageList } from './MessageList';
import { useSendMessage } from './mutations';

interface Props {
  teamId: string;
  channelId: string;
  channelName: string;
}

/** A text channel's conversation: history with the scroll-up loader, and the composer. */
export function ChatView({ teamId, channelId, channelName }: Props) {
  const toast = useToast();
  const showError = useCallback((message: string) => toast.show(message, 'error'), [toast]);
  const { send, retry, discard } = useSendMessage(channelId, showError);
  const [sentSignal, setSentSignal] = useState(0);
  const encodeMentions = useMentionEncoder(teamId);
  useChannelMounted(channelId, teamId);

  const onSend = useCallback(
    (content: string) => {
      send(encodeMentions(content));
      setSentSignal((n) => n + 1);
    },
    [send, encodeMentions],
  );

  return (
    <div className={styles.chat}>
      <MessageList key={channelId} channelId={channelId} channelName={channelName} onRetry={retry} onDiscard={discard} scrollToBottomSignal={sentSignal} />
      <Composer key={`composer-${channelId}`} channelName={channelName} onSend={onSend} />
    </div>
  );
}
