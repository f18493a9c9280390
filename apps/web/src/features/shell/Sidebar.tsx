import type { Team } from '@rally/shared/api/teams';
import { useState, type FocusEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LogoMark } from '../../components/Logo';
import { useToast } from '../../components/ui/toast-context';
import { firstLetter } from '../../lib/initials';
import { useLogout } from '../auth/mutations';
import { useMe } from '../auth/queries';
import { useTeams } from '../teams/queries';
import { useShell } from './shell-context';
import styles from './Sidebar.module.css';

interface Tip {
  label: string;
  top: number;
}

/** Home, the user's teams and the create-team button; language and logout at the bottom. */
export function Sidebar() {
  const { t } = useTranslation(['shell', 'common']);
  const teams = useTeams();
  const me = useMe();
  const shell = useShell();
  const logout = useLogout();
  const toast = useToast();
  const navigate = useNavigate();
  const [tip, setTip] = useState<Tip | null>(null);

  const tipProps = (label: string) => ({
    onPointerEnter: (e: PointerEvent<HTMLElement>) => showTip(e.currentTarget, label),
    onPointerLeave: () => setTip(null),
    onFocus: (e: FocusEvent<HTMLElement>) => showTip(e.currentTarget, label),
    onBlur: () => setTip(null),
  });
  const showTip = (el: HTMLElement, label: string) => {
    const r = el.getBoundingClientRect();
    setTip({ label, top: r.top + r.height / 2 });
  };

  const user = me.data?.user;
  const doLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => void navigate('/', { replace: true }),
      onError: () => toast.show(t('auth:logout.failed'), 'error'),
    });

  return (
    <nav className={styles.sidebar} aria-label={t('shell:sidebar')}>
      <div className={styles.scroll}>
        <NavLink
          to="/"
          end
          className={({ isActive }) => `${styles.item} ${styles.home} ${isActive ? styles.active : ''}`}
          aria-label={t('shell:home')}
          {...tipProps(t('shell:home'))}
        >
          <LogoMark size={30} />
        </NavLink>
        <span className={styles.separator} aria-hidden="true" />
        <ul className={styles.teams} aria-label={t('shell:teams')} aria-busy={teams.isPending || undefined}>
          {teams.isPending &&
            [0, 1, 2].map((i) => (
              <li key={i} aria-hidden="true">
                <span className={`${styles.item} ${styles.skeleton}`} />
              </li>
            ))}
          {teams.data?.map((team) => (
            <li key={team.id}>
              <TeamIcon team={team} tipProps={tipProps(team.name)} />
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={`${styles.item} ${styles.create}`}
          aria-label={t('shell:createTeam')}
          onClick={shell.openCreateTeam}
          {...tipProps(t('shell:createTeam'))}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className={styles.footer}>
        <LanguageSwitch compact className={styles.language} />
        {user && (
          <span className={styles.avatar} role="img" aria-label={t('shell:signedInAs', { username: user.username })} {...tipProps(user.username)}>
            {user.profilePicture ? <img src={user.profilePicture} alt="" /> : firstLetter(user.username)}
          </span>
        )}
        <button
          type="button"
          className={`${styles.item} ${styles.logout}`}
          aria-label={t('common:logout')}
          onClick={doLogout}
          disabled={logout.isPending}
          {...tipProps(t('common:logout'))}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              d="M15 4h3a2 2 0 012 2v12a2 2 0 01-2 2h-3M10 16l-4-4 4-4M6 12h10"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
      {tip && (
        <div className={styles.tooltip} style={{ top: tip.top }} aria-hidden="true">
          {tip.label}
        </div>
      )}
    </nav>
  );
}

function TeamIcon({ team, tipProps }: { team: Team; tipProps: Record<string, unknown> }) {
  return (
    <NavLink
      to={`/teams/${team.id}`}
      className={({ isActive }) => `${styles.item} ${styles.team} ${isActive ? styles.active : ''}`}
      aria-label={team.name}
      {...tipProps}
    >
      {team.profilePicture ? <img src={team.profilePicture} alt="" className={styles.teamImage} /> : <span aria-hidden="true">{firstLetter(team.name)}</span>}
    </NavLink>
  );
}
