import { useTranslation } from 'react-i18next';
import { useMeUser } from '../auth/queries';
import styles from './VerifyEmailBanner.module.css';
import { useRequestEmailVerification } from './mutations';

/**
 * 000 §4, §6: an unverified user is asked to verify their address, and can have the link sent (or
 * sent again); the banner says when it went, or why it could not (asked too often).
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation('account');
  const user = useMeUser();
  const send = useRequestEmailVerification();
  if (!user || user.verified) return null;
  return (
    <div className={styles.banner} role="region" aria-label={t('verify.region')}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M4 6h16v12H4zM4 7l8 6 8-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span className={styles.text}>{t('verify.text', { email: user.email })}</span>
      <span role="status" className={styles.status}>
        {send.isSuccess ? t('verify.sent') : send.isError ? send.error.message : ''}
      </span>
      <button type="button" className={styles.action} onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isSuccess || send.isError ? t('verify.resend') : t('verify.send')}
      </button>
    </div>
  );
}
