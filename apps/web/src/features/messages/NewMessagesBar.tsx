import { useTranslation } from 'react-i18next';
import styles from './NewMessagesBar.module.css';

interface Props {
  /** Others' messages that arrived while the reader was scrolled up; absent: the history shown is an older part (detached from the present). */
  count?: number;
  onJump: () => void;
  /** The newest messages are being read (after the jump was asked for). */
  busy?: boolean;
}

/**
 * Over the top of the history: while the reader is scrolled up and others' messages arrived, how
 * many; while an older part of the history is shown (after a jump to a message), that it is older.
 * Either way with a jump to the present.
 */
export function NewMessagesBar({ count, onJump, busy = false }: Props) {
  const { t } = useTranslation('chat-live');
  return (
    <div className={styles.bar} role="status">
      <span className={styles.count}>{count === undefined ? t('newMessages.older') : t('newMessages.count', { count })}</span>
      <button type="button" className={styles.jump} onClick={busy ? undefined : onJump} aria-disabled={busy || undefined}>
        {t('newMessages.jump')}
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M12 5v14M6 13l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </div>
  );
}
