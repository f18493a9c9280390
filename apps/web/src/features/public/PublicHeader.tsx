import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { Button } from '../../components/ui/Button';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { useMe } from '../auth/queries';
import styles from './Public.module.css';

/** Header of the landing and public pages: logo, language, and login / sign-up (or "Open Rally"). */
export function PublicHeader() {
  const { t } = useTranslation('common');
  const me = useMe();
  const auth = useAuthDialog();
  const signedIn = !!me.data;
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        {/* The accessible name starts with the visible word (WCAG 2.5.3 label in name). */}
        <Link to="/" className={styles.brand} aria-label={t('brandHome', { app: t('appName') })}>
          <Logo size={34} label={t('appName')} />
        </Link>
        <div className={styles.headerActions}>
          <LanguageSwitch />
          {signedIn ? (
            <Link to="/" className={styles.openApp}>
              {t('openApp')}
            </Link>
          ) : (
            !me.isPending && (
              <>
                <Button variant="ghost" className={styles.loginButton} onClick={() => auth.open('login')} onPointerEnter={auth.preload} onFocus={auth.preload}>
                  {t('login')}
                </Button>
                <Button onClick={() => auth.open('register')} onPointerEnter={auth.preload} onFocus={auth.preload}>
                  {t('signup')}
                </Button>
              </>
            )
          )}
        </div>
      </div>
    </header>
  );
}
