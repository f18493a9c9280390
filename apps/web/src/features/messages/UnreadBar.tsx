import { useTranslation } from 'react-i18next';
import styles from './NewMessagesBar.module.css';

interface Props {
  /** Unread messages when the channel opened (or was marked unread). */
  count: number;
  /** When the first of them was sent, when it is loaded. */
  since?: Date;
  onJump: () => void;
  onMarkRead: () => void;
  /** Older pages are being read on the way to the first unread message. */
  busy?: boolean;
}

/**
 * Over the top of the history while the first unread message (the "new" line) is above the view or
 * not loaded: how many arrived since, a jump to it, and Mark as Read (the line goes, the view goes to
 * the present).
 */
export function UnreadBar({ count, since, onJump, onMarkRead, busy = false }: Props) {
  const { t, i18n } = useTranslation('chat-live');
  const time = since?.toLocaleTimeString(i18n.language, { hour: 'numeric', minute: '2-digit' });
  return (
    <div className={`${styles.bar} ${styles.unread}`} role="status">
      <span className={styles.count}>{time ? t('unreadBar.since', { count, time }) : t('unreadBar.count', { count })}</span>
      <span className={styles.actions}>
        <button type="button" className={styles.jump} onClick={busy ? undefined : onJump} aria-disabled={busy || undefined}>
          {t('unreadBar.jump')}
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M12 19V5M6 11l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <button type="button" className={styles.jump} onClick={onMarkRead}>
          {t('unreadBar.markRead')}
        </button>
      </span>
    </div>
  );
}
