import type { Team } from '@rally/shared/api/teams';
import { useTranslation } from 'react-i18next';
import { TeamMenu } from '../team-settings/TeamMenu';
import styles from './ChannelSidebar.module.css';
import type { TeamActions } from './team-actions';

/** The top of the team's column: the team menu (its name with a chevron) and the invite button. */
export function TeamHeader({ team, open }: { team: Team; open: TeamActions }) {
  const { t } = useTranslation('teams-page');
  return (
    <header className={styles.header}>
      <h1 className="visually-hidden">{team.name}</h1>
      <TeamMenu team={team} open={open} />
      <button type="button" className={styles.inviteButton} onClick={() => open({ kind: 'invite' })} title={t('inviteHint')}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M15 19c0-2.8-2.7-5-6-5s-6 2.2-6 5M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM19 8v6M16 11h6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.9"
            strokeLinecap="round"
          />
        </svg>
        <span className="visually-hidden">{t('invite')}</span>
      </button>
    </header>
  );
}
