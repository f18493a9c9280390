import { cleanInviteCode } from '@rally/shared/api/teams';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { useMe } from '../auth/queries';
import { isAlreadyMember, useInvite } from './invite-queries';
import { useJoinInvite } from './mutations';
import styles from './InvitePage.module.css';
import { SignInButtons } from './SignInButtons';
import { Picture } from '../../components/ui/Picture';

/**
 * /invite/:code (public). Shows the team behind an invite; signed-out visitors are offered log in
 * and register (and come back here), signed-in non-members a Join button; members go straight to
 * the team; an invalid code says so.
 */
export function InvitePage() {
  const { t } = useTranslation('invites');
  const params = useParams();
  const code = cleanInviteCode(params.code ?? '');
  const invite = useInvite(code);
  const meQuery = useMe();
  const me = meQuery.data?.user;
  const navigate = useNavigate();
  const toast = useToast();
  const joinMutation = useJoinInvite(code);
  const joining = joinMutation.isPending;
  const joinError = joinMutation.error && !isAlreadyMember(joinMutation.error) ? errorText(joinMutation.error) : null;

  useEffect(() => {
    document.title = invite.data ? t('pageTitleTeam', { team: invite.data.team.name }) : t('pageTitle');
  }, [invite.data, t]);

  const invalid = code.length === 0 || (invite.isError && invite.error instanceof ApiError && invite.error.status === 404);

  if (invite.data && me && invite.data.isMember) return <Navigate to={`/teams/${invite.data.team.id}`} replace />;

  function errorText(err: unknown): string {
    return err instanceof ApiError && err.message ? err.message : t('joinFailed');
  }

  const join = () => {
    const teamId = invite.data?.team.id;
    if (!teamId) return;
    joinMutation.mutate(undefined, {
      onSuccess: (r) => void navigate(`/teams/${r.team.id}`),
      onError: (err) => {
        // A member already (another tab joined, or the invite page was stale): just go in.
        if (isAlreadyMember(err)) void navigate(`/teams/${teamId}`, { replace: true });
        else toast.show(errorText(err), 'error');
      },
    });
  };

  let card;
  if (invalid) {
    card = (
      <>
        <div className={`${styles.icon} ${styles.iconInvalid}`} aria-hidden="true">
          ?
        </div>
        <h1 className={styles.title}>{t('invalidTitle')}</h1>
        <p className={styles.text}>{t('invalidText')}</p>
        <button type="button" className={styles.primary} disabled>
          {t('invalidButton')}
        </button>
        <Link to="/" className={styles.secondary}>
          {t('goHome')}
        </Link>
      </>
    );
  } else if (invite.isPending || meQuery.isPending) {
    card = (
      <p className={styles.text} role="status">
        {t('loading')}
      </p>
    );
  } else if (invite.isError) {
    card = (
      <>
        <p className={styles.error} role="alert">
          {invite.error.message}
        </p>
        <button type="button" className={styles.primary} onClick={() => void invite.refetch()}>
          {t('tryAgain')}
        </button>
        <Link to="/" className={styles.secondary}>
          {t('goHome')}
        </Link>
      </>
    );
  } else {
    const { team, teamOwner } = invite.data;
    const back = `/invite/${code}`;
    card = (
      <>
        <p className={styles.kicker}>{t('invitedTo')}</p>
        <div className={styles.icon} aria-hidden="true">
          <Picture src={team.profilePicture} alt="" fallback={(Array.from(team.name)[0] ?? '?').toUpperCase()} />
        </div>
        <h1 className={styles.title}>
          {team.name}
          {team.isVerified && (
            <span className={styles.verified} role="img" aria-label={t('verified')} title={t('verified')}>
              ✓
            </span>
          )}
        </h1>
        <dl className={styles.facts}>
          <div>
            <dt className="visually-hidden">{t('membersLabel')}</dt>
            <dd>{t('memberCount', { count: team.memberCount })}</dd>
          </div>
          <div>
            <dt className="visually-hidden">{t('ownerLabel')}</dt>
            <dd>{t('owner', { name: teamOwner.username })}</dd>
          </div>
        </dl>
        {team.description && <p className={styles.description}>{team.description}</p>}
        {me ? (
          <>
            <button type="button" className={styles.primary} onClick={join} disabled={joining} aria-busy={joining || undefined}>
              {joining ? t('joining') : t('join')}
            </button>
            {joinError && (
              <>
                <p className={styles.error} role="alert">
                  {joinError}
                </p>
                <Link to="/" className={styles.secondary}>
                  {t('goHome')}
                </Link>
              </>
            )}
          </>
        ) : (
          <>
            <p className={styles.text}>{t('signInToJoin')}</p>
            <SignInButtons logIn={t('logIn')} register={t('register')} back={back} />
          </>
        )}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <section className={styles.card}>{card}</section>
    </div>
  );
}
