import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { firstLetter } from '../../../lib/initials';
import { useInvite } from '../../invites/invite-queries';
import styles from './Previews.module.css';
import { Picture } from '../../../components/ui/Picture';

/** The card of an invite link in a message: the team, its members, and Join (the invite page) or Open for a member. */
export function InvitePreview({ code }: { code: string }) {
  const { t } = useTranslation('message-content');
  const invite = useInvite(code);
  if (invite.isPending) return <div className={`${styles.card} ${styles.loadingCard}`} aria-hidden="true" />;
  if (!invite.data) {
    return (
      <div className={styles.card}>
        <p className={styles.overline}>{t('invite.overline')}</p>
        <div className={styles.inviteRow}>
          <span className={`${styles.teamIcon} ${styles.invalidIcon}`} aria-hidden="true">
            ?
          </span>
          <div className={styles.inviteText}>
            <p className={styles.teamName}>{t('invite.invalidTitle')}</p>
            <p className={styles.meta}>{t('invite.invalidText')}</p>
          </div>
        </div>
      </div>
    );
  }
  const { team, isMember } = invite.data;
  return (
    <div className={styles.card}>
      <p className={styles.overline}>{t('invite.overline')}</p>
      <div className={styles.inviteRow}>
        <Picture
          className={styles.teamIcon}
          src={team.profilePicture}
          alt=""
          width={48}
          height={48}
          fallback={
            <span className={styles.teamIcon} aria-hidden="true">
              {firstLetter(team.name)}
            </span>
          }
        />
        <div className={styles.inviteText}>
          <p className={styles.teamName}>{team.name}</p>
          <p className={styles.meta}>{t('invite.members', { count: team.memberCount })}</p>
        </div>
        <Link
          className={styles.join}
          to={isMember ? `/teams/${team.id}` : `/invite/${code}`}
          aria-label={t(isMember ? 'invite.openTeam' : 'invite.join', { team: team.name })}
        >
          {t(isMember ? 'invite.open' : 'invite.joinShort')}
        </Link>
      </div>
    </div>
  );
}
