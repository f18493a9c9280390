import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import styles from './Public.module.css';

const GROUPS = [
  { title: 'nav.product', links: ['subscription', 'download', 'games', 'verification'] },
  { title: 'nav.company', links: ['jobs', 'contact', 'security', 'licenses'] },
  { title: 'nav.legal', links: ['tos', 'privacy', 'guidelines', 'ss', 'iptal'] },
] as const;

export function PublicFooter() {
  const { t } = useTranslation(['common', 'pages']);
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <div className={styles.footerBrand}>
          <Logo size={30} label={t('common:appName')} />
          <p className={styles.footerTagline}>{t('common:tagline')}</p>
        </div>
        <nav className={styles.footerNav} aria-label={t('common:nav.footer')}>
          {GROUPS.map((group) => (
            <div key={group.title} className={styles.footerGroup}>
              <h2 className={styles.footerHeading}>{t(`common:${group.title}`)}</h2>
              <ul>
                {group.links.map((page) => (
                  <li key={page}>
                    <Link to={`/${page}`}>{t(`pages:${page}`)}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <p className={styles.copyright}>{t('common:footer.rights', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
