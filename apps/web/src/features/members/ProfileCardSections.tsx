import type { Activity, UserStatus } from '@rally/shared/api/users';
import { useTranslation } from 'react-i18next';
import { isPremium } from '../messages/premium';
import { ActivityBlock } from '../users/ActivityBlock';
import { StatusContent } from '../users/StatusLine';
import styles from './ProfileCard.module.css';

/** The BOT and SYSTEM tags and the Plus badge (spec 000 §3 flags: bit 0 PREMIUM), after the name. */
export function CardBadges({ user }: { user: { bot: boolean; system: boolean; flags: number } }) {
  const { t } = useTranslation('members');
  const plus = isPremium(user);
  if (!user.bot && !user.system && !plus) return null;
  return (
    <span className={styles.badges}>
      {user.bot && <span className={styles.tag}>{t('bot')}</span>}
      {user.system && <span className={styles.tag}>{t('card.system')}</span>}
      {plus && (
        <span className={styles.plus} role="img" aria-label={t('card.plus')} title={t('card.plus')}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M12 2 14.6 8.6 21.6 9.2 16.3 13.8 17.9 20.6 12 17 6.1 20.6 7.7 13.8 2.4 9.2 9.4 8.6 12 2Z" />
          </svg>
        </span>
      )}
    </span>
  );
}

/** The user's custom status, in a bubble under their name. */
export function CardStatus({ status }: { status: UserStatus }) {
  const { t } = useTranslation('members');
  return (
    <p className={styles.status}>
      <span className="visually-hidden">{t('card.status')}: </span>
      <StatusContent status={status} emojiSize={18} />
    </p>
  );
}

/** What the user is doing (Playing, Streaming…), as a section of the card. */
export function CardActivity({ activity, titleId }: { activity: Activity; titleId: string }) {
  const { t } = useTranslation('users');
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        {t(`activityHeading.${activity.type}`)}
      </h3>
      <ActivityBlock activity={activity} />
    </section>
  );
}

/** Member since: on Rally, and in the team (when the user is a member of it). */
export function CardSince({ titleId, createdAt, team }: { titleId: string; createdAt: string | null; team: { name: string; joinedAt: string } | null }) {
  const { t, i18n } = useTranslation('members');
  const format = (iso: string) => new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));
  if (!createdAt && !team) return null;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        {t('memberSince')}
      </h3>
      <dl className={styles.since}>
        {createdAt && (
          <div className={styles.sinceRow} title={t('card.rallySinceLabel', { date: format(createdAt) })}>
            <dt className={styles.sinceWhere}>{t('card.rallySince')}</dt>
            <dd>
              <time dateTime={createdAt}>{format(createdAt)}</time>
            </dd>
          </div>
        )}
        {team && (
          <div className={styles.sinceRow} title={t('card.teamSinceLabel', { team: team.name, date: format(team.joinedAt) })}>
            <dt className={styles.sinceWhere}>{team.name}</dt>
            <dd>
              <time dateTime={team.joinedAt}>{format(team.joinedAt)}</time>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
