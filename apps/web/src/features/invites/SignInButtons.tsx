import { useContext } from 'react';
import { Link } from 'react-router';
import { AuthDialogContext } from '../auth/auth-dialog-context';
import styles from './InvitePage.module.css';

/**
 * Log In and Register for a signed-out visitor of an invite-like page (a team or friend invite):
 * the auth dialogs when the app provides them (the visitor stays on the page, use-after-sign-in.ts),
 * else links to the home page's dialogs that come back to `back`.
 */
export function SignInButtons({ logIn, register, back }: { logIn: string; register: string; back: string }) {
  const authDialog = useContext(AuthDialogContext);
  if (!authDialog)
    return (
      <div className={styles.row}>
        <Link to={`/?auth=login&next=${encodeURIComponent(back)}`} className={styles.primary}>
          {logIn}
        </Link>
        <Link to={`/?auth=register&next=${encodeURIComponent(back)}`} className={styles.secondaryButton}>
          {register}
        </Link>
      </div>
    );
  return (
    <div className={styles.row}>
      <button type="button" className={styles.primary} onClick={() => authDialog.open('login')} onFocus={authDialog.preload} onMouseEnter={authDialog.preload}>
        {logIn}
      </button>
      <button
        type="button"
        className={styles.secondaryButton}
        onClick={() => authDialog.open('register')}
        onFocus={authDialog.preload}
        onMouseEnter={authDialog.preload}
      >
        {register}
      </button>
    </div>
  );
}
