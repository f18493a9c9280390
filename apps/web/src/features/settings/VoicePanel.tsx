import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './SettingsPanels.module.css';

/** Voice (000 §2): only the notice that the voice settings moved to the voice panel. */
export function VoicePanel() {
  const { t } = useTranslation('settings');
  const headingId = useId();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {t('tabs.voice')}
      </h3>
      <div className={styles.notice} role="note">
        <svg className={styles.noticeIcon} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <p className={styles.intro}>{t('voice.moved')}</p>
      </div>
    </section>
  );
}
