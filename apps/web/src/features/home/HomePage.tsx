import type { Team } from '@rally/shared/api/teams';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button';
import { firstLetter, hueFromId } from '../../lib/initials';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useShell } from '../shell/shell-context';
import { useTeams } from '../teams/queries';
import styles from './HomePage.module.css';
import { Picture } from '../../components/ui/Picture';

const SKELETONS = 6;

/** "/" for a signed-in user: the grid of their teams with tiles to create one and to discover more. */
export function HomePage() {
  const { t } = useTranslation(['teams', 'common', 'friends']);
  const teams = useTeams();
  const shell = useShell();
  useDocumentTitle(t('teams:home.title'));

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('teams:home.title')}</h1>
        <p className={styles.subtitle}>{t('teams:home.subtitle')}</p>
      </header>

      {teams.isError && (
        <div className={styles.error} role="alert">
          <p>{teams.error.message || t('teams:home.loadError')}</p>
          <Button variant="secondary" size="sm" onClick={() => void teams.refetch()} loading={teams.isFetching}>
            {t('common:retry')}
          </Button>
        </div>
      )}

      <ul className={styles.grid} aria-busy={teams.isPending || undefined}>
        <li>
          <button type="button" className={`${styles.tile} ${styles.createTile}`} onClick={shell.openCreateTeam}>
            <span className={styles.tileIcon} aria-hidden="true">
              <svg viewBox="0 0 24 24" width="28" height="28">
                <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
              </svg>
            </span>
            <span className={styles.tileTitle}>{t('teams:home.createTile')}</span>
            <span className={styles.tileBody}>{t('teams:home.createTileBody')}</span>
          </button>
        </li>
        <li>
          <Link to="/discover/teams" className={`${styles.tile} ${styles.discoverTile}`}>
            <span className={styles.tileIcon} aria-hidden="true">
              <svg viewBox="0 0 24 24" width="28" height="28">
                <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M15.5 8.5l-2 5-5 2 2-5 5-2z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
              </svg>
            </span>
            <span className={styles.tileTitle}>{t('teams:home.discoverTile')}</span>
            <span className={styles.tileBody}>{t('teams:home.discoverTileBody')}</span>
          </Link>
        </li>
        <li>
          <Link to="/me/friends" className={`${styles.tile} ${styles.discoverTile}`}>
            <span className={styles.tileIcon} aria-hidden="true">
              <svg viewBox="0 0 24 24" width="28" height="28">
                <circle cx="9" cy="8" r="3.5" fill="none" stroke="currentColor" strokeWidth="2" />
                <path
                  d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5M16 4.6a3.5 3.5 0 010 6.8M18 14.8c1.9.7 3.1 2.4 3.5 5.2"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </span>
            <span className={styles.tileTitle}>{t('friends:tile.title')}</span>
            <span className={styles.tileBody}>{t('friends:tile.body')}</span>
          </Link>
        </li>
        {teams.isPending &&
          Array.from({ length: SKELETONS }, (_, i) => (
            <li key={`s${i}`} aria-hidden="true">
              <div className={`${styles.card} ${styles.skeleton}`}>
                <div className={styles.banner} />
                <div className={styles.cardBody}>
                  <span className={styles.skelAvatar} />
                  <span className={styles.skelLine} />
                  <span className={`${styles.skelLine} ${styles.short}`} />
                </div>
              </div>
            </li>
          ))}
        {teams.data?.map((team) => (
          <li key={team.id}>
            <TeamCard team={team} />
          </li>
        ))}
      </ul>
      {teams.isPending && (
        <p className="visually-hidden" role="status">
          {t('teams:home.loading')}
        </p>
      )}
      {teams.data && teams.data.length === 0 && <p className={styles.empty}>{t('teams:home.empty')}</p>}
    </div>
  );
}

function TeamCard({ team }: { team: Team }) {
  const { t } = useTranslation('teams');
  const hue = hueFromId(team.id);
  const bannerStyle = team.banner
    ? { backgroundImage: `url(${JSON.stringify(team.banner)})` }
    : { backgroundImage: `linear-gradient(135deg, hsl(${hue} 48% 34%), hsl(${(hue + 40) % 360} 55% 18%))` };
  return (
    <Link to={`/teams/${team.id}`} className={styles.card}>
      <div className={styles.banner} style={bannerStyle} />
      <div className={styles.cardBody}>
        <span className={styles.avatar} style={{ background: `hsl(${hue} 40% 28%)` }}>
          <Picture src={team.profilePicture} alt="" fallback={<span aria-hidden="true">{firstLetter(team.name)}</span>} />
        </span>
        <span className={styles.name}>
          {team.name}
          {team.isVerified && (
            <svg className={styles.verified} viewBox="0 0 24 24" width="18" height="18" role="img" aria-label={t('home.verified')}>
              <path
                d="M12 2l2.4 2.2 3.2-.4.9 3.1 2.9 1.5-1.1 3 1.1 3-2.9 1.5-.9 3.1-3.2-.4L12 22l-2.4-2.2-3.2.4-.9-3.1-2.9-1.5 1.1-3-1.1-3 2.9-1.5.9-3.1 3.2.4L12 2z"
                fill="currentColor"
              />
              <path d="M8 12.5l2.7 2.7L16.5 9.5" fill="none" stroke="#0b0d13" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          )}
        </span>
        <span className={styles.meta}>{t('home.memberCount', { count: team.memberCount })}</span>
      </div>
    </Link>
  );
}
