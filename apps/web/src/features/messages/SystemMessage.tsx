import { Trans, useTranslation } from 'react-i18next';
import { formatFull, formatTime } from './format';
import type { ChatMessage } from './message-cache';
import styles from './SystemMessage.module.css';

/** A system message (type 'system'): a centred line with an icon, "<name> joined the team.", and its time. Not a user's message. */
export function SystemMessage({ message }: { message: ChatMessage }) {
  const { t, i18n } = useTranslation('chat-live');
  const date = new Date(message.createdAt);
  return (
    <div className={styles.system} role="article" aria-label={t('system.joinedLabel', { name: message.createdBy.username })}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M4 12h13M12 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={styles.text}>
        <Trans t={t} i18nKey="system.joined" values={{ name: message.createdBy.username }} components={{ name: <strong className={styles.name} /> }} />
      </span>
      <time className={styles.time} dateTime={message.createdAt} title={formatFull(date, i18n.language)}>
        {formatTime(date, i18n.language)}
      </time>
    </div>
  );
}
