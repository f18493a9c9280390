import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './EmailVerifyPage.module.css';
import { useVerifyEmail } from './mutations';

/**
 * /emailVerify?key&date&email (000 §2, §5, §8): a mailed verification link, signed in or not (it may
 * be opened on another device). Without all three parts: 'Invalid Email Verification Link'; else the
 * key is sent once, and the page says 'Email Verified' or the server's message.
 */
export function EmailVerifyPage() {
  const { t } = useTranslation(['account', 'errors', 'pages']);
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const email = params.get('email') ?? '';
  const complete = key !== '' && email !== '' && (params.get('date') ?? '') !== '';
  const verify = useVerifyEmail();
  const verifyEmail = verify.mutate;
  const sent = useRef<string | null>(null);
  useDocumentTitle(t('pages:emailVerify'));
  useEffect(() => {
    // Once per link: a spent key is invalid the second time.
    if (!complete || sent.current === key) return;
    sent.current = key;
    verifyEmail({ key, email });
  }, [complete, key, email, verifyEmail]);

  const [message, tone] = !complete
    ? [t('errors:email_verify_invalid'), 'error']
    : verify.isSuccess
      ? [verify.data, 'success']
      : verify.isError
        ? [verify.error.message || t('errors:email_verify_invalid'), 'error']
        : [t('verifyPage.checking'), 'pending'];

  return (
    <div className={styles.shell}>
      <section className={styles.card} aria-labelledby="email-verify-title">
        <h1 id="email-verify-title" className={styles.title}>
          {t('pages:emailVerify')}
        </h1>
        <p className={`${styles.text} ${styles[tone] ?? ''}`} role={tone === 'error' ? 'alert' : 'status'}>
          {message}
        </p>
        <Link className={styles.home} to="/">
          {t('verifyPage.home')}
        </Link>
      </section>
    </div>
  );
}
