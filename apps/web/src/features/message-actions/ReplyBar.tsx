import { useTranslation } from 'react-i18next';
import { useMessageActions } from './actions-context';
import styles from './MessageActions.module.css';

/** Above the composer while replying: "Replying to X" and a cancel button (Escape in the composer cancels too). */
export function ReplyBar() {
  const { t } = useTranslation('message-actions');
  const actions = useMessageActions();
  const target = actions?.replyingTo;
  if (!actions || !target) return null;
  return (
    <div className={styles.replyBar} role="status">
      <span>
        {t('reply.replyingTo')} <strong>{target.createdBy.username}</strong>
      </span>
      <button type="button" className={styles.replyCancel} onClick={actions.cancelReply} aria-label={t('reply.cancel')} title={t('reply.cancel')}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 1 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4Z"
          />
        </svg>
      </button>
    </div>
  );
}
