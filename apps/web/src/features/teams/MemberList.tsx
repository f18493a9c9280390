import type { Member, Team } from '@rally/shared/api/teams';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../messages/Avatar';
import styles from './MemberList.module.css';
import { useTeamMembers } from './members-queries';

/** Spec 001 §9: offline members are not listed in teams of more than 1000 members. */
const OFFLINE_HIDDEN_ABOVE = 1000;

const PRESENCE_KEYS = ['offline', 'online', 'idle', 'dnd'] as const;
const PRESENCE_CLASS = ['presenceOffline', 'presenceOnline', 'presenceIdle', 'presenceDnd'] as const;

function byName(a: Member, b: Member) {
  return a.username.localeCompare(b.username, undefined, { sensitivity: 'base' });
}

/** The team's members, online first, the owner with a crown. */
export function MemberList({ team }: { team: Team }) {
  const { t } = useTranslation('teams-page');
  const { data: members, isPending, isError, error } = useTeamMembers(team.id);

  let body;
  if (isPending) {
    body = (
      <p className={styles.note} role="status">
        {t('membersLoading')}
      </p>
    );
  } else if (isError) {
    body = (
      <p className={styles.error} role="alert">
        {error.message}
      </p>
    );
  } else {
    const online = members.filter((m) => m.presence !== 0).sort(byName);
    const offline = team.memberCount > OFFLINE_HIDDEN_ABOVE ? [] : members.filter((m) => m.presence === 0).sort(byName);
    const group = (key: 'online' | 'offline', list: Member[]) =>
      list.length > 0 && (
        <section className={styles.group} aria-labelledby={`members-${key}`}>
          <h3 id={`members-${key}`} className={styles.groupTitle}>
            {t(`membersGroup.${key}`, { count: list.length })}
          </h3>
          <ul className={styles.list}>
            {list.map((m) => (
              <li key={m.id} className={`${styles.member}${m.presence === 0 ? ` ${styles.offline}` : ''}`}>
                <span className={styles.avatarWrap}>
                  <Avatar id={m.id} name={m.username} size={32} />
                  <span
                    className={`${styles.presence} ${styles[PRESENCE_CLASS[m.presence]]}`}
                    role="img"
                    aria-label={t(`presence.${PRESENCE_KEYS[m.presence]}`)}
                  />
                </span>
                <span className={styles.name}>{m.username}</span>
                {m.id === team.createdBy && (
                  <span className={styles.crown} role="img" aria-label={t('owner')} title={t('owner')}>
                    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                      <path fill="currentColor" d="M3 7.5 7.5 11 12 4.5 16.5 11 21 7.5 19 18H5L3 7.5Zm2 12h14v1.5H5V19.5Z" />
                    </svg>
                  </span>
                )}
                {m.bot && <span className={styles.tag}>{t('bot')}</span>}
              </li>
            ))}
          </ul>
        </section>
      );
    body = (
      <>
        {group('online', online)}
        {group('offline', offline)}
      </>
    );
  }

  return <div className={styles.panel}>{body}</div>;
}
