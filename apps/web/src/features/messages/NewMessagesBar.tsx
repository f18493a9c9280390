import { useTranslation } from 'react-i18next';
import styles from './NewMessagesBar.module.css';

/** Over the top of the history while the reader is scrolled up and others' messages arrived: how many, and a jump to the present. */
export function NewMessagesBar({ count, onJump }: { count: number; onJump: () => void }) {
  const { t } = useTranslation('chat-live');
  return (
    <div className={styles.bar} role="status">
      <span className={styles.count}>{t('newMessages.count', { count })}</span>
      <button type="button" className={styles.jump} onClick={onJump}>
        {t('newMessages.jump')}
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M12 5v14M6 13l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </div>
  );
}
