import { CloseCode } from '@rally/shared/gateway/protocol';
import { useEffect, useState, type ReactNode } from 'react';
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
  const [graceOver, setGraceOver] = useState(false);

  const down = state === 'disconnected' || state === 'terminated';
  const pending = state === 'connecting' || state === 'resuming';

  // Once the banner has shown, it stays until the connection is ready again (state adjusted while
  // rendering, as React's docs do it for a changed prop, rather than in an effect).
  const [shown, setShown] = useState(false);
  if ((state === 'ready' || state === 'idle') && (shown || graceOver)) {
    setShown(false);
    setGraceOver(false);
  } else if (down && !shown) {
    setShown(true);
  }

  useEffect(() => {
    if (!pending || shown) return;
    const h = setTimeout(() => setGraceOver(true), GRACE_MS);
    return () => clearTimeout(h);
  }, [pending, shown]);

  const visible = down || (pending && (shown || graceOver));
  if (!visible) return null;

  let text: ReactNode;
  if (state === 'terminated') {
    text = closeCode === CloseCode.SESSION_ENDED ? t('sessionEnded') : t('notAuthenticated');
  } else if (state === 'disconnected' && nextRetryAt !== null) {
    text = <RetryCountdown key={nextRetryAt} at={nextRetryAt} closeCode={closeCode} />;
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

/** The seconds left until the next attempt, ticking; a new `at` mounts a new one (key), with the time now. */
function RetryCountdown({ at, closeCode }: { at: number; closeCode: number | null }) {
  const { t } = useTranslation('gateway');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const h = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(h);
  }, []);
  const count = Math.max(0, Math.ceil((at - now) / 1000));
  // Over the per-user socket cap (other tabs or devices): say why, since reconnecting alone will not help.
  return closeCode === CloseCode.TOO_MANY_CONNECTIONS ? t('tooManyConnections', { count }) : t('reconnectingIn', { count });
}
