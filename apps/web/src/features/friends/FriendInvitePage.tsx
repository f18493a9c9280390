import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../auth/queries';
import { firstLetter } from '../../lib/initials';
import styles from '../invites/InvitePage.module.css';
import { SignInButtons } from '../invites/SignInButtons';
import { FRIEND_INVITE_PATH, friendInviteCodeOf } from './invite-code';
import { useAcceptFriendInvite } from './mutations';
import { useFriendInviter, useFriends } from './queries';
import { Picture } from '../../components/ui/Picture';

/**
 * /friendinvite?code= (public, spec 000 §2, 001 §2): who invites, and for a signed-in visitor an
 * Add Friend button that makes the two friends at once. Signed-out visitors log in or register
 * first and stay here (the registration form takes the code from the address, so registering
 * makes the two friends by itself).
 */
export function FriendInvitePage() {
  const { t } = useTranslation('friends');
  useDocumentTitle(t('invitePage.pageTitle'));
  const [params] = useSearchParams();
  const code = friendInviteCodeOf(params);
  const inviter = useFriendInviter(code);
  const meQuery = useMe();
  const me = meQuery.data?.user;
  const friends = useFriends(me !== undefined);
  const accept = useAcceptFriendInvite();
  const toast = useToast();

  const invalid = code.length === 0 || (inviter.error instanceof ApiError && inviter.error.status === 404);
  const name = inviter.data?.username ?? '';
  const friendship = inviter.data && friends.data?.find((f) => f.user.id === inviter.data.id && f.status === 'accepted');

  const add = () =>
    accept.mutate(code, {
      onSuccess: () => toast.show(t('invitePage.nowFriends', { name }), 'success'),
      onError: (err) => toast.show(err.message || t('toast.failed'), 'error'),
    });

  let card;
  if (invalid) {
    card = (
      <>
        <div className={`${styles.icon} ${styles.iconInvalid}`} aria-hidden="true">
          ?
        </div>
        <h1 className={styles.title}>{t('invitePage.invalidTitle')}</h1>
        <p className={styles.text}>{t('invitePage.invalidText')}</p>
        <Link to="/" className={styles.secondary}>
          {t('invitePage.goHome')}
        </Link>
      </>
    );
  } else if (inviter.isPending || meQuery.isPending || (me && friends.isPending)) {
    card = (
      <p className={styles.text} role="status">
        {t('invitePage.loading')}
      </p>
    );
  } else if (inviter.isError) {
    card = (
      <>
        <p className={styles.error} role="alert">
          {inviter.error.message}
        </p>
        <button type="button" className={styles.primary} onClick={() => void inviter.refetch()}>
          {t('invitePage.tryAgain')}
        </button>
      </>
    );
  } else {
    let action;
    if (!me) {
      action = (
        <>
          <p className={styles.text}>{t('invitePage.signIn', { name })}</p>
          <SignInButtons logIn={t('invitePage.logIn')} register={t('invitePage.register')} back={`${FRIEND_INVITE_PATH}?code=${encodeURIComponent(code)}`} />
        </>
      );
    } else if (me.id === inviter.data.id || friendship) {
      action = (
        <>
          <p className={styles.text}>{me.id === inviter.data.id ? t('invitePage.own') : t('invitePage.alreadyFriends', { name })}</p>
          <Link to="/me/friends" className={styles.primary}>
            {t('invitePage.goToFriends')}
          </Link>
        </>
      );
    } else {
      action = (
        <>
          <button type="button" className={styles.primary} onClick={add} disabled={accept.isPending} aria-busy={accept.isPending || undefined}>
            {accept.isPending ? t('invitePage.accepting') : t('invitePage.accept')}
          </button>
          {accept.error && (
            <p className={styles.error} role="alert">
              {accept.error.message || t('toast.failed')}
            </p>
          )}
          <Link to="/" className={styles.secondary}>
            {t('invitePage.goHome')}
          </Link>
        </>
      );
    }
    card = (
      <>
        <p className={styles.kicker}>{t('invitePage.kicker')}</p>
        <div className={styles.icon} aria-hidden="true">
          <Picture src={inviter.data.profilePicture} alt="" fallback={firstLetter(name)} />
        </div>
        <h1 className={styles.title}>{t('invitePage.invitedBy', { name })}</h1>
        <p className={styles.text}>@{inviter.data.slug}</p>
        {action}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <section className={styles.card}>{card}</section>
    </div>
  );
}
