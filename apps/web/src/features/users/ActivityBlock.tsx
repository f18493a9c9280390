import type { Activity } from '@rally/shared/api/users';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ActivityBlock.module.css';

/** An outline icon per activity type (24×24, drawn with the text colour). */
const ICONS: Record<Activity['type'], ReactNode> = {
  playing: (
    <>
      <path d="M7 7h10a4 4 0 0 1 4 4v4a3 3 0 0 1-5.4 1.8L14 15h-4l-1.6 1.8A3 3 0 0 1 3 15v-4a4 4 0 0 1 4-4Z" />
      <path d="M8 10v3M6.5 11.5h3" />
      <circle cx="15.5" cy="11" r=".6" />
      <circle cx="17" cy="12.8" r=".6" />
    </>
  ),
  streaming: (
    <>
      <rect x="3" y="6" width="13" height="12" rx="2" />
      <path d="m16 10 5-3v10l-5-3" />
    </>
  ),
  listening: (
    <>
      <path d="M4 15v-3a8 8 0 0 1 16 0v3" />
      <rect x="3" y="14" width="4" height="6" rx="1.5" />
      <rect x="17" y="14" width="4" height="6" rx="1.5" />
    </>
  ),
  watching: (
    <>
      <rect x="3" y="5" width="18" height="12" rx="2" />
      <path d="M8 21h8M12 17v4" />
    </>
  ),
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Time since the start as m:ss, or h:mm:ss from an hour on (Discord's "elapsed"). */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** A game activity on a profile card: its name, its two lines, and the time since it started (counting every second). */
export function ActivityBlock({ activity }: { activity: Activity }) {
  const { t } = useTranslation('users');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const h = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(h);
  }, []);
  return (
    <div className={styles.activity}>
      <span className={styles.icon} aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="24"
          height="24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          focusable="false"
        >
          {ICONS[activity.type]}
        </svg>
      </span>
      <div className={styles.lines}>
        <p className={styles.name}>{activity.name}</p>
        {activity.details && <p className={styles.line}>{activity.details}</p>}
        {activity.state && <p className={styles.line}>{activity.state}</p>}
        <p className={styles.line}>
          <time dateTime={activity.startedAt}>{t('elapsed', { time: formatElapsed(now - Date.parse(activity.startedAt)) })}</time>
        </p>
      </div>
    </div>
  );
}
