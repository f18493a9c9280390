import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaceNotice as Notice } from './send-queue';
import styles from './PaceNotice.module.css';

/** One calm line above the composer while sends are held: too fast (the send rate), or slowmode with its countdown. */
export function PaceNotice({ notice }: { notice: Notice }) {
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {/* A new notice starts its own clock (the countdown never starts from an older time). */}
      {notice && <PaceLine key={`${notice.kind}:${notice.until}`} notice={notice} />}
    </div>
  );
}

function PaceLine({ notice }: { notice: NonNullable<Notice> }) {
  const { t } = useTranslation('chat-live');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className={styles.notice}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M12 7v5l3 2M21 12a9 9 0 11-18 0 9 9 0 0118 0z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {notice.kind === 'slowmode' ? t('pace.slowmode', { count: Math.max(1, Math.ceil((notice.until - now) / 1000)) }) : t('pace.rate')}
    </p>
  );
}
