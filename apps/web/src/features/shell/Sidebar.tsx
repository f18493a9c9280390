import { DndContext, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Team } from '@rally/shared/api/teams';
import { LIMITS } from '@rally/shared/limits';
import { Suspense, useMemo, useState, type FocusEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { lazyNamed } from '../../app/lazy';
import { LogoMark } from '../../components/Logo';
import { useToast } from '../../components/ui/toast-context';
import { newPlaceTracker, swallowClickAfterDrag, useDragInstructions, useSortSensors, verticalOnly } from '../../lib/dnd';
import { firstLetter } from '../../lib/initials';
import { useMe } from '../auth/queries';
import { reorderedIds } from '../teams/channel-order';
import { useReorderTeams } from '../teams/mutations';
import { useTeams } from '../teams/queries';
import { StatusMenu } from '../presence/StatusMenu';
import { useTeamUnread } from '../unread/queries';
import { SoundToggle } from '../unread/SoundToggle';
import { badgeText } from '../unread/unread-state';
import badgeStyles from '../unread/UnreadBadge.module.css';
import { setSoundsMuted, useSoundsMuted } from '../unread/sounds';
import { Menu } from '../../components/ui/Menu';
import { useMediaQuery } from '../../lib/use-media-query';
import { SUPPORTED_LANGUAGES, isLanguage } from '../../lib/language';
import { badgeText as friendBadgeText } from '../friends/friend-lists';
import friendStyles from '../friends/FriendBadge.module.css';
import { FriendInviteDialog } from '../friends/FriendInviteDialog';
import { DmShortcuts } from './DmShortcuts';
import { useIncomingRequestCount } from '../friends/queries';
import { useChooseLanguage } from '../settings/use-choose-language';
import { useShell } from './shell-context';
import styles from './Sidebar.module.css';
import { Picture } from '../../components/ui/Picture';

const UserSettingsDialog = lazyNamed(() => import('../settings/UserSettingsDialog'), 'UserSettingsDialog');
const LogoutDialog = lazyNamed(() => import('../auth/LogoutDialog'), 'LogoutDialog');

interface Tip {
  label: string;
  top: number;
}

/** A phone: the strip keeps its width for the teams, and language, sounds and log out go in one menu. */
export const PHONE_QUERY = '(max-width: 600px)';

/**
 * Home, the user's teams and the create-team button; language, sounds, status, settings and logout at
 * the bottom. `strip`: it runs across the top (screens up to 600 px, or the left-sidebar setting off).
 * On a phone the strip's end holds the status, the settings and a More menu (sounds, language, log
 * out), so that the teams keep the width.
 */
export function Sidebar({ strip }: { strip: boolean }) {
  const { t } = useTranslation(['shell', 'common', 'reorder', 'friends', 'unread', 'settings']);
  const soundsMuted = useSoundsMuted();
  const teams = useTeams();
  const me = useMe();
  const shell = useShell();
  const toast = useToast();
  const [tip, setTip] = useState<Tip | null>(null);
  const reorder = useReorderTeams();
  const sensors = useSortSensors();
  const instructions = useDragInstructions();
  const chooseLanguage = useChooseLanguage();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const phone = useMediaQuery(PHONE_QUERY);
  const { i18n } = useTranslation();
  const currentLanguage = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const teamIds = useMemo(() => teams.data?.map((team) => team.id) ?? [], [teams.data]);

  const nameOf = (id: unknown) => teams.data?.find((team) => team.id === id)?.name ?? '';
  const placeOf = (id: unknown) => ({ position: teamIds.indexOf(String(id)) + 1, count: teamIds.length });
  const [place] = useState(newPlaceTracker);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      place.start(active.id);
      return t('reorder:pickedUpTeam', { name: nameOf(active.id) });
    },
    onDragOver: ({ active, over }) => (over && place.moved(over.id) ? t('reorder:overTeam', { name: nameOf(active.id), ...placeOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('reorder:droppedTeam', { name: nameOf(active.id), ...placeOf(over.id) }) : undefined),
    onDragCancel: ({ active }) => t('reorder:cancelled', { name: nameOf(active.id) }),
  };

  /** A team icon dropped: the list takes the order at once; a refusal puts it back and says so. */
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    swallowClickAfterDrag();
    const ids = over ? reorderedIds(teamIds, String(active.id), String(over.id)) : null;
    if (ids) reorder.mutate(ids, { onError: () => toast.show(t('reorder:saveFailed'), 'error') });
  };

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
  const [inviteOpen, setInviteOpen] = useState(false);
  const incoming = useIncomingRequestCount(user?.id);
  const homeBadge = friendBadgeText(incoming);
  const homeLabel = incoming > 0 ? t('friends:homeWithRequests', { count: incoming }) : t('shell:home');
  const soundLabel = t(soundsMuted ? 'unread:unmuteSounds' : 'unread:muteSounds');

  return (
    <nav className={`${styles.sidebar}${strip ? ` ${styles.strip}` : ''}`} aria-label={t('shell:sidebar')}>
      <div className={styles.scroll}>
        <NavLink
          to="/"
          end
          className={({ isActive }) => `${styles.item} ${styles.home} ${isActive ? styles.active : ''}`}
          aria-label={homeLabel}
          {...tipProps(homeLabel)}
        >
          <LogoMark size={30} />
          {homeBadge && (
            <span className={friendStyles.badge} aria-hidden="true">
              {homeBadge}
            </span>
          )}
        </NavLink>
        <DmShortcuts tipProps={tipProps} />
        <span className={styles.separator} aria-hidden="true" />
        <DndContext
          sensors={sensors}
          modifiers={[verticalOnly]}
          accessibility={{ announcements, screenReaderInstructions: instructions }}
          onDragStart={() => setTip(null)}
          onDragEnd={onDragEnd}
          onDragCancel={swallowClickAfterDrag}
        >
          <ul className={styles.teams} aria-label={t('shell:teams')} aria-busy={teams.isPending || undefined}>
            {teams.isPending &&
              [0, 1, 2].map((i) => (
                <li key={i} aria-hidden="true">
                  <span className={`${styles.item} ${styles.skeleton}`} />
                </li>
              ))}
            <SortableContext items={teamIds} strategy={verticalListSortingStrategy}>
              {teams.data?.map((team) => (
                <SortableTeamIcon key={team.id} team={team} tipProps={tipProps(team.name)} />
              ))}
            </SortableContext>
          </ul>
        </DndContext>
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
        <button
          type="button"
          className={`${styles.item} ${friendStyles.invite}`}
          aria-label={t('friends:invite.button')}
          onClick={() => setInviteOpen(true)}
          {...tipProps(t('friends:invite.button'))}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <circle cx="9" cy="8" r="3.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5M19 8v6M16 11h6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className={styles.footer}>
        {!phone && <LanguageSwitch compact className={styles.language} onChoose={chooseLanguage} />}
        {!phone && <SoundToggle className={`${styles.item} ${styles.logout}`} {...tipProps(soundLabel)} />}
        {/* In the strip at the top the status menu opens downwards. */}
        {user && <StatusMenu placement={strip ? 'below' : 'above'} />}
        <button
          type="button"
          className={`${styles.item} ${styles.logout} ${styles.settings}`}
          aria-label={t('settings:open')}
          aria-haspopup="dialog"
          onClick={() => setSettingsOpen(true)}
          {...tipProps(t('settings:open'))}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3.2h-4l-.4 2.7a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1c.5.4 1.1.7 1.7 1l.4 2.7h4l.4-2.7c.6-.3 1.2-.6 1.7-1l2.5 1 2-3.5L19.4 13ZM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z"
              transform="translate(-1 0)"
            />
          </svg>
        </button>
        {phone ? (
          <Menu
            label={t('shell:more')}
            align="end"
            triggerClassName={`${styles.item} ${styles.logout} ${styles.settings}`}
            trigger={
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M6 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm6 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm6 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z" />
              </svg>
            }
            items={[
              { id: 'sounds', label: soundLabel, onSelect: () => setSoundsMuted(!soundsMuted) },
              null,
              ...SUPPORTED_LANGUAGES.map((lng) => ({
                id: `language-${lng}`,
                label: t(`common:languages.${lng}`),
                checked: lng === currentLanguage,
                onSelect: () => chooseLanguage(lng),
              })),
              null,
              { id: 'logout', label: t('common:logout'), danger: true, onSelect: () => setLogoutOpen(true) },
            ]}
          />
        ) : (
          <button
            type="button"
            className={`${styles.item} ${styles.logout}`}
            aria-label={t('common:logout')}
            aria-haspopup="dialog"
            onClick={() => setLogoutOpen(true)}
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
        )}
      </div>
      <FriendInviteDialog open={inviteOpen} onClose={() => setInviteOpen(false)} />
      {settingsOpen && (
        <Suspense fallback={null}>
          <UserSettingsDialog onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
      {logoutOpen && (
        <Suspense fallback={null}>
          <LogoutDialog onClose={() => setLogoutOpen(false)} />
        </Suspense>
      )}
      {tip && (
        <div className={styles.tooltip} style={{ top: tip.top }} aria-hidden="true">
          {tip.label}
        </div>
      )}
    </nav>
  );
}

/** A team icon that is also dragged (mouse, touch, or Space on the focused link) to reorder the list. */
function SortableTeamIcon({ team, tipProps }: { team: Team; tipProps: Record<string, unknown> }) {
  const { t } = useTranslation('unread');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: team.id });
  const unread = useTeamUnread(team.id);
  const label =
    unread.mentions > 0 ? t('teamMentions', { name: team.name, count: unread.mentions }) : unread.unread ? t('teamUnread', { name: team.name }) : team.name;
  return (
    <li
      ref={setNodeRef}
      className={`${styles.teamSlot}${isDragging ? ` ${styles.dragging}` : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <NavLink
        ref={setActivatorNodeRef}
        to={`/teams/${team.id}`}
        className={({ isActive }) => `${styles.item} ${styles.team} ${isActive ? styles.active : ''}${unread.unread ? ` ${styles.unread}` : ''}`}
        aria-label={label}
        aria-describedby={attributes['aria-describedby']}
        draggable={false}
        {...tipProps}
        {...listeners}
      >
        <Picture
          src={team.profilePicture}
          alt=""
          className={styles.teamImage}
          draggable={false}
          fallback={<span aria-hidden="true">{firstLetter(team.name)}</span>}
        />
      </NavLink>
      {/* Beside the link, not in it: the link's name says the count (its visible text must stay part of its name). */}
      {unread.mentions > 0 && (
        <span className={`${badgeStyles.badge} ${badgeStyles.onIcon}`} aria-hidden="true">
          {badgeText(unread.mentions, LIMITS.unread.dmBadgeMax)}
        </span>
      )}
    </li>
  );
}
