import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import styles from './SystemScreen.module.css';

/** Shown when rendering fails: an apology and a reload button. */
export function CrashPage() {
  const { t } = useTranslation('system');
  return (
    <main className={styles.screen}>
      <div className={styles.card} role="alert">
        <div className={styles.glyph} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="40" height="40">
            <path d="M12 3l10 18H2L12 3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
            <path d="M12 10v5m0 3h.01" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </div>
        <h1 className={styles.title}>{t('crash.title')}</h1>
        <p className={styles.body}>{t('crash.body')}</p>
        <Button size="lg" onClick={() => window.location.reload()}>
          {t('crash.reload')}
        </Button>
      </div>
    </main>
  );
}
