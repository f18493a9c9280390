import type { Team } from '@rally/shared/api/teams';
import { TeamPermission } from '@rally/shared/permissions';
import { useTranslation } from 'react-i18next';
import { Menu, type MenuItem } from '../../components/ui/Menu';
import { useToast } from '../../components/ui/toast-context';
import { useCopyId } from '../settings/use-copy-id';
import { useTeamAccess } from '../teams/access';
import { useMarkTeamRead } from '../unread/mutations';
import { useTeamUnread } from '../unread/queries';
import type { TeamActions } from '../teams/team-actions';
import { canOpenSettings } from './settings-access';
import styles from './TeamMenu.module.css';

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const ICONS = {
  settings: icon(
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM19.4 13.5l1.6 1.2-2 3.4-1.9-.7a7 7 0 0 1-2 1.2L14.8 21h-4l-.3-2.4a7 7 0 0 1-2-1.2l-1.9.7-2-3.4 1.6-1.2a7 7 0 0 1 0-3L4.6 9.3l2-3.4 1.9.7a7 7 0 0 1 2-1.2L10.8 3h4l.3 2.4a7 7 0 0 1 2 1.2l1.9-.7 2 3.4-1.6 1.2a7 7 0 0 1 0 3Z',
  ),
  invite: icon('M15 19c0-2.8-2.7-5-6-5s-6 2.2-6 5M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM19 8v6M16 11h6'),
  channel: icon('M12 8v8M8 12h8M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z'),
  category: icon('M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7ZM12 10v6M9 13h6'),
  leave: icon('M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M10 16l-4-4 4-4M6 12h10'),
  markRead: icon('M4 12.5 9 17.5 20 6.5'),
};

/** The team column's menu: the team's name with a chevron opens mark as read (when something is unread), settings, invite, create channel or category, Copy ID (developer mode) and leave (each only when allowed). */
export function TeamMenu({ team, open }: { team: Team; open: TeamActions }) {
  const { t } = useTranslation(['team-settings', 'unread', 'settings']);
  const copyId = useCopyId();
  const access = useTeamAccess(team);
  const manageChannels = access.can(TeamPermission.MANAGE_CHANNELS);
  const unread = useTeamUnread(team.id);
  const markRead = useMarkTeamRead();
  const toast = useToast();
  const items: (MenuItem | null)[] = [
    unread.unread || unread.mentions > 0
      ? {
          id: 'markRead',
          label: t('unread:markRead'),
          icon: ICONS.markRead,
          onSelect: () => markRead.mutate(team.id, { onError: () => toast.show(t('unread:markReadFailed'), 'error') }),
        }
      : null,
    canOpenSettings(access) ? { id: 'settings', label: t('menu.settings'), icon: ICONS.settings, onSelect: () => open({ kind: 'teamSettings' }) } : null,
    access.can(TeamPermission.CREATE_INVITES) ? { id: 'invite', label: t('menu.invite'), icon: ICONS.invite, onSelect: () => open({ kind: 'invite' }) } : null,
    manageChannels
      ? { id: 'createChannel', label: t('menu.createChannel'), icon: ICONS.channel, onSelect: () => open({ kind: 'createChannel', categoryId: null }) }
      : null,
    manageChannels ? { id: 'createCategory', label: t('menu.createCategory'), icon: ICONS.category, onSelect: () => open({ kind: 'createCategory' }) } : null,
    copyId ? { id: 'copyId', label: t('settings:copyId'), onSelect: () => copyId(team.id) } : null,
  ];
  const entries = items.filter((x) => x !== null);
  const leave: MenuItem | null = access.canLeave
    ? { id: 'leave', label: t('menu.leave'), icon: ICONS.leave, danger: true, onSelect: () => open({ kind: 'leaveTeam' }) }
    : null;
  const all = leave ? [...entries, ...(entries.length > 0 ? [null] : []), leave] : entries;
  // Until the roles are loaded nothing is allowed: the name shows without a menu.
  if (all.length === 0)
    return (
      <div className={styles.wrap}>
        <span className={`${styles.trigger} ${styles.plain}`}>
          <span className={styles.name}>{team.name}</span>
        </span>
      </div>
    );
  return (
    <div className={styles.wrap}>
      <Menu
        label={t('menu.label', { name: team.name })}
        triggerClassName={styles.trigger}
        trigger={
          <>
            <span className={styles.name}>{team.name}</span>
            <svg className={styles.chevron} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </>
        }
        items={all}
      />
    </div>
  );
}
