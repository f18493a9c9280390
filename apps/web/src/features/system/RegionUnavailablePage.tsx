import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LogoMark } from '../../components/Logo';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './SystemScreen.module.css';

/** Shown when the server answers 451 region_unavailable: Rally is blocked in the visitor's region. */
export function RegionUnavailablePage() {
  const { t } = useTranslation('system');
  useDocumentTitle(t('region.pageTitle'));
  return (
    <main className={styles.screen}>
      <div className={styles.corner}>
        <LanguageSwitch />
      </div>
      <div className={styles.card}>
        <div className={styles.glyph} aria-hidden="true">
          <LogoMark size={56} />
        </div>
        <h1 className={styles.title}>{t('region.title')}</h1>
        <p className={styles.body}>{t('region.body')}</p>
      </div>
    </main>
  );
}
