import { CloseCode } from '@rally/shared/gateway/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGateway } from './gateway-context';
import styles from './DisconnectedBanner.module.css';

/** How long a first connection may take before the banner shows (avoids a flash on every page load). */
const GRACE_MS = 1500;

/**
 * Shown whenever the live socket is not open (spec 001 §2 banners): while reconnecting, with the
 * countdown to the next attempt and a button to try at once; after a terminal close, with what
 * happened.
 */
export function DisconnectedBanner() {
  const { t } = useTranslation('gateway');
  const { state, nextRetryAt, closeCode, reconnectNow } = useGateway();
  const [now, setNow] = useState(() => Date.now());
  const [graceOver, setGraceOver] = useState(false);

  const down = state === 'disconnected' || state === 'terminated';
  const pending = state === 'connecting' || state === 'resuming';

  // Once the banner has shown, it stays until the connection is ready again.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (state === 'ready' || state === 'idle') {
      setShown(false);
      setGraceOver(false);
    } else if (down) setShown(true);
  }, [state, down]);

  useEffect(() => {
    if (!pending || shown) return;
    const h = setTimeout(() => setGraceOver(true), GRACE_MS);
    return () => clearTimeout(h);
  }, [pending, shown]);

  useEffect(() => {
    if (state !== 'disconnected' || nextRetryAt === null) return;
    setNow(Date.now());
    const h = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(h);
  }, [state, nextRetryAt]);

  const visible = down || (pending && (shown || graceOver));
  if (!visible) return null;

  let text: string;
  if (state === 'terminated') {
    text = closeCode === CloseCode.SESSION_ENDED ? t('sessionEnded') : t('notAuthenticated');
  } else if (state === 'disconnected' && nextRetryAt !== null) {
    const count = Math.max(0, Math.ceil((nextRetryAt - now) / 1000));
    // Over the per-user socket cap (other tabs or devices): say why, since reconnecting alone will not help.
    text = closeCode === CloseCode.TOO_MANY_CONNECTIONS ? t('tooManyConnections', { count }) : t('reconnectingIn', { count });
  } else {
    text = t('connecting');
  }

  return (
    <div className={state === 'terminated' ? `${styles.banner} ${styles.terminated}` : styles.banner} role="status" aria-live="polite">
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.text}>
        <strong>{t('title')}</strong> {text}
      </span>
      {state === 'disconnected' && (
        <button type="button" className={styles.action} onClick={reconnectNow}>
          {t('reconnectNow')}
        </button>
      )}
      {state === 'terminated' && (
        <button type="button" className={styles.action} onClick={() => window.location.reload()}>
          {t('reload')}
        </button>
      )}
    </div>
  );
}
