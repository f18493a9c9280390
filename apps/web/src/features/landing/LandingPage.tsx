import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/Logo';
import { Button } from '../../components/ui/Button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { PublicFooter } from '../public/PublicFooter';
import { PublicHeader } from '../public/PublicHeader';
import { FeatureIcon, type FeatureKey } from './FeatureIcon';
import styles from './LandingPage.module.css';

const FEATURES: FeatureKey[] = ['teamManagement', 'watchParties', 'taskManagement', 'voiceCommunication', 'screensharing', 'scheduledMessages'];

/** The marketing page for anonymous visitors (spec 000 §2). */
export function LandingPage() {
  const { t } = useTranslation(['landing', 'common']);
  const auth = useAuthDialog();
  useDocumentTitle(null);

  const openRegister = () => auth.open('register');
  const preload = () => auth.preload();

  return (
    <div className={styles.page}>
      <a className="skip-link" href="#main">
        {t('common:skipToContent')}
      </a>
      <div className={styles.backdrop} aria-hidden="true" />
      <PublicHeader />
      <main id="main" tabIndex={-1} className={styles.main}>
        <section className={styles.hero} aria-labelledby="hero-title">
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
            <h1 id="hero-title" className={styles.title}>
              {t('hero.title')}
            </h1>
            <p className={styles.subtitle}>{t('hero.subtitle')}</p>
            <div className={styles.ctaRow}>
              <Button variant="hero" size="lg" className={styles.cta} onClick={openRegister} onPointerEnter={preload} onFocus={preload}>
                {t('hero.cta')}
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path d="M5 12h14M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </Button>
              <p className={styles.login}>
                {t('hero.haveAccount')}{' '}
                <button type="button" className={styles.inlineLink} onClick={() => auth.open('login')} onPointerEnter={preload} onFocus={preload}>
                  {t('common:login')}
                </button>
              </p>
            </div>
            <p className={styles.note}>
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {t('hero.noDownload')}
            </p>
          </div>
          <div className={styles.heroArt} aria-hidden="true">
            <div className={styles.orbit}>
              <div className={styles.core}>
                <LogoMark size={112} />
              </div>
              {FEATURES.map((f, i) => (
                <span key={f} className={`${styles.satellite} ${styles[`s${i}`]}`}>
                  <FeatureIcon feature={f} size={28} />
                </span>
              ))}
            </div>
          </div>
        </section>

        <section className={styles.features} aria-labelledby="features-title">
          <div className={styles.sectionHead}>
            <h2 id="features-title" className={styles.sectionTitle}>
              {t('features.title')}
            </h2>
            <p className={styles.sectionSubtitle}>{t('features.subtitle')}</p>
          </div>
          <ul className={styles.grid}>
            {FEATURES.map((f, i) => (
              <li key={f} className={`${styles.card} ${styles[`c${i}`]}`}>
                <span className={styles.cardIcon}>
                  <FeatureIcon feature={f} />
                </span>
                <h3 className={styles.cardTitle}>{t(`features.${f}.title`)}</h3>
                <p className={styles.cardBody}>{t(`features.${f}.body`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className={styles.closing} aria-labelledby="closing-title">
          <h2 id="closing-title" className={styles.closingTitle}>
            {t('closing.title')}
          </h2>
          <p className={styles.closingBody}>{t('closing.body')}</p>
          <Button variant="hero" size="lg" onClick={openRegister} onPointerEnter={preload} onFocus={preload}>
            {t('common:signup')}
          </Button>
        </section>
      </main>
      <PublicFooter />
    </div>
  );
}
