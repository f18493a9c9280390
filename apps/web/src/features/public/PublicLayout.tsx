import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';
import styles from './Public.module.css';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';

/** Layout of the public pages (legal, download, blog…): header, the page, footer. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.page}>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <PublicHeader />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense
          fallback={
            <div className={styles.pending}>
              <Spinner label={t('loading')} />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}
