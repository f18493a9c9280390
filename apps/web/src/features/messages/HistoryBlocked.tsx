import { useTranslation } from 'react-i18next';
import styles from './MessageList.module.css';

/**
 * In place of the history when the server refuses it (001 §2 Message area): the lock screen
 * without VIEW_CHANNEL ("You don't have permission to view this channel."), or the notice without
 * CAN_SEE_MESSAGE_HISTORY (the composer stays: sending may still be allowed).
 */
export function HistoryBlocked({ kind }: { kind: 'channel' | 'history' }) {
  const { t } = useTranslation('errors');
  return (
    <div className={styles.state} role="status">
      <svg className={styles.blockedIcon} viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        {kind === 'channel' ? (
          <path
            d="M7 10V7a5 5 0 0110 0v3M6 10h12a1 1 0 011 1v8a1 1 0 01-1 1H6a1 1 0 01-1-1v-8a1 1 0 011-1z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        ) : (
          <path d="M12 7v5l3 2M21 12a9 9 0 11-18 0 9 9 0 0118 0z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
      <p className={styles.blockedText}>{t(kind === 'channel' ? 'no_permission_to_view_channel' : 'no_permission_to_view_history')}</p>
    </div>
  );
}
