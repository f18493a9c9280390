import { useTranslation } from 'react-i18next';
import { useUnblock } from '../friends/use-unblock';
import styles from './BlockedMessage.module.css';

interface Props {
  authorId: string;
  authorName: string;
  /** Show the message anyway (this once). */
  onReveal: () => void;
}

/** In place of a message from someone the reader blocked (001 §6): collapsed, with Show and Unblock. */
export function BlockedMessage({ authorId, authorName, onReveal }: Props) {
  const { t } = useTranslation('dms');
  const { unblock, pending } = useUnblock();
  return (
    <div className={styles.blocked} role="article" aria-label={t('blocked.label', { name: authorName })}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M6 6l12 12" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className={styles.text}>{t('blocked.text')}</span>
      <button type="button" className={styles.link} onClick={onReveal}>
        {t('blocked.show')}
      </button>
      <button type="button" className={styles.link} disabled={pending} onClick={() => unblock({ id: authorId, username: authorName })}>
        {t('blocked.unblock')}
      </button>
    </div>
  );
}
