import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReplyTarget } from '../../message-actions/queries';
import { Avatar } from '../Avatar';
import { formatFull } from '../format';
import { parseMarkdown } from '@rally/shared/markdown/parse';
import { useMemo } from 'react';
import { ContentBody } from './ContentBody';
import type { MessageLinkTarget } from './previews';
import styles from './Previews.module.css';

/**
 * The card of a link to a message: its author, time and text (without previews of its own), and a
 * jump link. Shown only when the viewer may read that message (the server answers it); otherwise
 * the link alone stays.
 */
export function MessageLinkPreview({ target }: { target: MessageLinkTarget }) {
  const { t, i18n } = useTranslation('message-content');
  const { message } = useReplyTarget(target.channelId, target.messageId);
  const blocks = useMemo(() => (message ? parseMarkdown(message.content) : []), [message]);
  if (!message) return null;
  return (
    <div className={`${styles.card} ${styles.messageCard}`}>
      <div className={styles.messageHeader}>
        <Avatar id={message.createdBy.id} name={message.createdBy.username} size={20} src={message.createdBy.profilePicture} />
        <span className={styles.author}>{message.createdBy.username}</span>
        <time className={styles.meta} dateTime={message.createdAt}>
          {formatFull(new Date(message.createdAt), i18n.language)}
        </time>
      </div>
      <div className={styles.quoted}>
        <ContentBody blocks={blocks} mentions={message.mentions} />
      </div>
      <Link className={styles.jump} to={target.path}>
        {t('jumpToMessage')}
      </Link>
    </div>
  );
}
