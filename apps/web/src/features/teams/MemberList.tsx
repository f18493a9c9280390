import type { Channel, Team } from '@rally/shared/api/teams';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { groupMembers, roleNameStyle, type MemberListRow } from '../members/member-groups';
import { useProfileCard } from '../members/profile-card-context';
import { Avatar } from '../messages/Avatar';
import { StatusLine } from '../users/StatusLine';
import { useTeamChannels } from './channel-queries';
import styles from './MemberList.module.css';
import { useTeamMembers } from './members-queries';
import { useTeamRoles } from './queries';

/** Spec 001 §2: the member list is virtualized, rows of 50 px. */
const ROW_HEIGHT = 50;
const HEADER_HEIGHT = 40;

const PRESENCE_KEYS = ['offline', 'online', 'idle', 'dnd'] as const;
const PRESENCE_CLASS = ['presenceOffline', 'presenceOnline', 'presenceIdle', 'presenceDnd'] as const;

interface Props {
  team: Team;
  /** The open channel: only the members who may view it are listed. */
  channel?: Channel;
}

/**
 * The team's member list beside the chat (spec 001 §2): the members who may VIEW_CHANNEL on the open
 * channel, grouped under their highest displayed-separately role, then Online and Offline (offline
 * members not listed above 1000 members), names in their role's colour, a crown for the owner.
 * Virtualized: only the rows in view are on the page, so a team of 10,000 stays quick. Each member
 * is a button that opens their profile card, with their custom status or activity under the name;
 * arrows move between members.
 */
export function MemberList({ team, channel }: Props) {
  const { t } = useTranslation('teams-page');
  const members = useTeamMembers(team.id);
  const roles = useTeamRoles(team.id).data;
  const categories = useTeamChannels(team.id).data?.categories;
  const category = channel?.parentId ? categories?.find((c) => c.id === channel.parentId) : undefined;
  const scrollRef = useRef<HTMLDivElement>(null);

  const rows = useMemo(
    () =>
      members.data && roles
        ? groupMembers({ team: { id: team.id, createdBy: team.createdBy, memberCount: team.memberCount }, members: members.data, roles, channel, category })
        : null,
    [team.id, team.createdBy, team.memberCount, members.data, roles, channel, category],
  );

  // eslint-disable-next-line react-hooks/incompatible-library -- the app is not built with the React Compiler; the virtualizer re-renders this component itself
  const virtualizer = useVirtualizer({
    count: rows?.length ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows?.[i]?.kind === 'header' ? HEADER_HEIGHT : ROW_HEIGHT),
    getItemKey: (i) => rows?.[i]?.key ?? i,
    overscan: 8,
  });

  // Arrow keys, Home and End move between members (the list scrolls to keep the one focused in view).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!rows || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const current = Number((document.activeElement as HTMLElement | null)?.dataset.index ?? -1);
    const step = e.key === 'ArrowUp' || e.key === 'End' ? -1 : 1;
    let i = e.key === 'Home' ? 0 : e.key === 'End' ? rows.length - 1 : current + step;
    while (i >= 0 && i < rows.length && rows[i]?.kind !== 'member') i += step;
    if (i < 0 || i >= rows.length) return;
    e.preventDefault();
    virtualizer.scrollToIndex(i, { align: 'auto' });
    const focus = (tries: number) => {
      const el = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${i}"]`);
      if (el) el.focus();
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
    };
    focus(5);
  };

  let body;
  if (members.isError) {
    body = (
      <p className={styles.error} role="alert">
        {members.error.message}
      </p>
    );
  } else if (!rows) {
    body = (
      <p className={styles.note} role="status">
        {t('membersLoading')}
      </p>
    );
  } else {
    body = (
      <div className={styles.inner} style={{ height: virtualizer.getTotalSize() }} onKeyDown={onKeyDown}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div key={item.key} className={styles.row} style={{ height: item.size, transform: `translateY(${item.start}px)` }}>
              {row.kind === 'header' ? <GroupHeader row={row} /> : <MemberRow row={row} index={item.index} isOwner={row.member.id === team.createdBy} />}
            </div>
          );
        })}
      </div>
    );
  }

  return (
    <div ref={scrollRef} className={styles.panel}>
      {body}
    </div>
  );
}

function GroupHeader({ row }: { row: Extract<MemberListRow, { kind: 'header' }> }) {
  const { t } = useTranslation(['teams-page', 'members']);
  const label =
    row.group.type === 'role'
      ? t('members:group.role', { name: row.group.role.name, count: row.count })
      : t(`teams-page:membersGroup.${row.group.type}`, { count: row.count });
  return (
    <h3 className={styles.groupTitle} title={label}>
      {label}
    </h3>
  );
}

const MemberRow = memo(function MemberRow({ row, index, isOwner }: { row: Extract<MemberListRow, { kind: 'member' }>; index: number; isOwner: boolean }) {
  const { member, colorRole } = row;
  const { t } = useTranslation('teams-page');
  const card = useProfileCard();
  const offline = member.presence === 0;
  const presence = t(`presence.${PRESENCE_KEYS[member.presence]}`);
  // The accessible name: the name as shown, then the presence, the owner and bot marks (read after it, not shown).
  const extra = [presence, isOwner && t('owner'), member.bot && t('bot')].filter(Boolean).join(', ');
  return (
    <button
      type="button"
      className={`${styles.member}${offline ? ` ${styles.offline}` : ''}`}
      data-index={index}
      data-member-id={member.id}
      onClick={(e) => card?.open(member.id, e.currentTarget)}
    >
      <span className={styles.avatarWrap}>
        <Avatar id={member.id} name={member.username} size={32} src={member.profilePicture} />
        <span className={`${styles.presence} ${styles[PRESENCE_CLASS[member.presence]]}`} title={presence} aria-hidden="true" />
      </span>
      <span className={styles.who}>
        <span className={styles.nameLine}>
          <span className={styles.name} style={roleNameStyle(colorRole)}>
            {member.username}
          </span>
          <span className="visually-hidden">{extra}</span>
          {isOwner && (
            <span className={styles.crown} title={t('owner')} aria-hidden="true">
              <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M3 7.5 7.5 11 12 4.5 16.5 11 21 7.5 19 18H5L3 7.5Zm2 12h14v1.5H5V19.5Z" />
              </svg>
            </span>
          )}
          {member.bot && (
            <span className={styles.tag} aria-hidden="true">
              {t('bot')}
            </span>
          )}
        </span>
        {/* Under the name: the custom status, or else the activity (not for offline members, as their presence). */}
        {!offline && <StatusLine status={member.userStatus} activity={member.userRPC} />}
      </span>
    </button>
  );
});
