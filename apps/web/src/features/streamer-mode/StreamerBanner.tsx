import { useTranslation } from 'react-i18next';
import { setStreamerMode, useStreamerMode } from './streamer-mode';
import styles from './StreamerBanner.module.css';

/** At the top of the app while streamer mode is on: says so, with a button that turns it off. */
export function StreamerBanner() {
  const { t } = useTranslation('streamer-mode');
  const { enabled } = useStreamerMode();
  if (!enabled) return null;
  return (
    <div className={styles.banner} role="region" aria-label={t('banner.region')}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M4 6h16v10H4zM8 20h8M12 16v4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="12" cy="11" r="2" fill="currentColor" />
      </svg>
      <span className={styles.text}>{t('banner.text')}</span>
      <button type="button" className={styles.action} onClick={() => setStreamerMode({ enabled: false })}>
        {t('banner.disable')}
      </button>
    </div>
  );
}
