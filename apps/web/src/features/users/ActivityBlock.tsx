import type { Activity } from '@rally/shared/api/users';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ActivityBlock.module.css';

const ICONS: Record<Activity['type'], string> = { playing: '🎮', streaming: '🎥', listening: '🎧', watching: '📺' };

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
        {ICONS[activity.type]}
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
