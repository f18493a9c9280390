import { useTranslation } from 'react-i18next';
import { emojiTokensAsText } from '../emoji/emoji-text';
import { useMessageActions } from './actions-context';
import styles from './MessageActions.module.css';
import { useReplyTarget } from './queries';

/** How much of the replied-to text the quote shows. */
const QUOTE_CHARS = 100;

interface Props {
  channelId: string;
  messageId: string;
}

/**
 * The message a reply answers, above it: author and the start of its text; clicking it jumps to
 * that message when it is loaded. A deleted or missing one shows the deleted-reply text (spec 001 §8).
 */
export function ReplyPreview({ channelId, messageId }: Props) {
  const { t } = useTranslation('message-actions');
  const actions = useMessageActions();
  const { message, isPending } = useReplyTarget(channelId, messageId);

  if (message === null || (!message && !isPending)) {
    return (
      <div className={styles.replyPreview}>
        <span className={styles.replySpine} aria-hidden="true" />
        <span className={styles.replyMissing}>{t('reply.deleted')}</span>
      </div>
    );
  }
  if (!message) {
    return (
      <div className={styles.replyPreview} aria-busy="true">
        <span className={styles.replySpine} aria-hidden="true" />
        <span className={styles.replyMissing}>{t('reply.loading')}</span>
      </div>
    );
  }
  // Team emoji read as their `:name:` in the one-line quote.
  const plain = emojiTokensAsText(message.content);
  const quoted = plain.length > QUOTE_CHARS ? `${plain.slice(0, QUOTE_CHARS)}…` : plain;
  // A message of attachments only says so.
  const text = quoted.trim() === '' && message.attachments.length > 0 ? t('reply.attachments', { count: message.attachments.length }) : quoted;
  return (
    <div className={styles.replyPreview}>
      <span className={styles.replySpine} aria-hidden="true" />
      <button type="button" className={styles.replyButton} title={t('reply.jumpHint')} onClick={() => actions?.jumpTo(message.id)}>
        <span className="visually-hidden">{t('reply.to')} </span>
        <span className={styles.replyAuthor}>{message.createdBy.username}</span> <span className={styles.replyText}>{text}</span>
      </button>
    </div>
  );
}
