import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './NotificationBanner.module.css';

/** Remembered once the banner was dismissed (or answered): 001 §3 "notification prompt dismissal". */
export const NOTIFICATION_PROMPT_KEY = 'notificationPromptDismissed';

function dismissed(): boolean {
  try {
    return localStorage.getItem(NOTIFICATION_PROMPT_KEY) === 'true';
  } catch {
    return false;
  }
}

function remember(): void {
  try {
    localStorage.setItem(NOTIFICATION_PROMPT_KEY, 'true');
  } catch {
    // Storage refused: the banner comes back on the next visit.
  }
}

/** Whether to ask: the browser has notifications, the user has not answered it yet, and did not dismiss the banner. */
function shouldAsk(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'default' && !dismissed();
}

/**
 * 001 §2 banners: enable browser notifications, shown once, dismissible, remembered, not shown when
 * permission was denied (or granted). Enabling asks the browser; whatever the answer, it does not
 * show again.
 */
export function NotificationBanner() {
  const { t } = useTranslation('unread');
  const [visible, setVisible] = useState(shouldAsk);
  if (!visible) return null;

  const close = () => {
    remember();
    setVisible(false);
  };
  const enable = () => {
    close();
    void Notification.requestPermission();
  };

  return (
    <div className={styles.banner} role="region" aria-label={t('banner.enable')}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16ZM10 20a2 2 0 0 0 4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={styles.text}>{t('banner.text')}</span>
      <button type="button" className={styles.action} onClick={enable}>
        {t('banner.enable')}
      </button>
      <button type="button" className={styles.close} onClick={close} aria-label={t('banner.dismiss')}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
