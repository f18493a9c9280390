import type { Role, Team } from '@rally/shared/api/teams';
import { TeamPermission } from '@rally/shared/permissions';
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/toast-context';
import { useMediaQuery } from '../../lib/use-media-query';
import { Avatar } from '../messages/Avatar';
import { useTeamAccess } from '../teams/access';
import { useTeamMembers } from '../teams/members-queries';
import { useTeamRoles } from '../teams/queries';
import type { TeamActions } from '../teams/team-actions';
import { AddRolePanel } from './AddRolePanel';
import { roleNameStyle, topDisplayedRole } from './member-groups';
import { canChangeMemberRole } from './member-roles';
import { useAddMemberRole, useRemoveMemberRole } from './mutations';
import styles from './ProfileCard.module.css';
import { FriendButton } from '../friends/FriendButton';
import { RoleChip } from './RoleChip';

/** Spec 001 §9: the profile card is a bottom drawer below 640 px. */
const DRAWER_QUERY = '(max-width: 639.98px)';
const CARD_WIDTH = 300;
const GAP = 12;
const MARGIN = 8;

interface Props {
  team: Team;
  userId: string;
  /** The element clicked: the card sits beside it, and focus goes back to it on close. */
  anchor: HTMLElement;
  onClose: () => void;
  openDialog: TeamActions;
}

/** Where the popover goes: beside the anchor (left of it when there is room, else right), kept in the window. */
function popoverPosition(anchor: DOMRect, height: number): CSSProperties {
  const { innerWidth: w, innerHeight: h } = window;
  let left = anchor.left - CARD_WIDTH - GAP;
  if (left < MARGIN) left = Math.min(anchor.right + GAP, w - CARD_WIDTH - MARGIN);
  const top = Math.max(MARGIN, Math.min(anchor.top, h - height - MARGIN));
  return { left: Math.max(MARGIN, left), top };
}

/**
 * A member's profile card (spec 001 §2 "Profile card"): a popover beside the member clicked on wide
 * screens, a bottom drawer below 640 px. Avatar, username, @subdomain, the top displayed role, the
 * member-since date, the roles (given and taken here by whoever may), kick and ban. Escape or a
 * click outside closes it, and focus returns to the member clicked.
 */
export function ProfileCard({ team, userId, anchor, onClose, openDialog }: Props) {
  const { t, i18n } = useTranslation('members');
  const toast = useToast();
  const drawer = useMediaQuery(DRAWER_QUERY);
  const members = useTeamMembers(team.id).data;
  const roles = useTeamRoles(team.id).data ?? [];
  const access = useTeamAccess(team);
  const addRole = useAddMemberRole();
  const removeRole = useRemoveMemberRole();
  const cardRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [position, setPosition] = useState<CSSProperties>({ left: -9999, top: 0 });
  const [adding, setAdding] = useState(false);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const member = members?.find((m) => m.id === userId);
  const gone = !!members && !member;

  // The member left the team while their card was open: nothing to show.
  useEffect(() => {
    if (gone) onClose();
  }, [gone, onClose]);

  // Focus into the card; back to the member clicked when it closes (if that is still on the page).
  useEffect(() => {
    const card = cardRef.current;
    card?.focus();
    return () => {
      // Unless the user moved on to something else (a click on another control, Tab out of the card).
      const active = document.activeElement;
      if ((!active || active === document.body || card?.contains(active)) && document.contains(anchor)) anchor.focus();
    };
  }, [anchor]);

  // Escape, a click outside or focus leaving closes it.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault();
        onClose();
      }
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!cardRef.current?.contains(target) && !anchor.contains(target)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, [anchor, onClose]);

  useLayoutEffect(() => {
    if (drawer) return;
    const place = () => setPosition(popoverPosition(anchor.getBoundingClientRect(), cardRef.current?.offsetHeight ?? 0));
    place();
    const observer = new ResizeObserver(place);
    if (cardRef.current) observer.observe(cardRef.current);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
    };
  }, [anchor, drawer, member?.roles.length]);

  if (!member) return null;

  const byId = new Map(roles.map((r) => [r.id, r]));
  const held = member.roles
    .map((id) => byId.get(id))
    .filter((r): r is Role => !!r)
    .sort((a, b) => b.priority - a.priority);
  const top = topDisplayedRole(member.roles, byId);
  const changeable = roles.filter((r) => canChangeMemberRole(access, team.id, member, r));
  const addable = changeable.filter((r) => !member.roles.includes(r.id));
  const isOwner = member.id === team.createdBy;
  const canKick = access.can(TeamPermission.KICK_MEMBERS) && access.canActOnMember(member);
  const canBan = access.can(TeamPermission.BAN_MEMBERS) && access.canActOnMember(member);
  const since = new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(member.joinedAt));

  const change = async (role: Role, add: boolean) => {
    const vars = { teamId: team.id, userId: member.id, roleId: role.id };
    try {
      if (add) await addRole.mutateAsync(vars);
      else await removeRole.mutateAsync(vars);
      toast.show(t(add ? 'roles.added' : 'roles.removed'), 'success');
    } catch (err) {
      toast.show(err instanceof Error && err.message ? err.message : t('roles.failed'), 'error');
    }
  };

  const card = (
    <>
      {drawer && <div className={styles.backdrop} aria-hidden="true" />}
      <div
        ref={cardRef}
        className={`${styles.card} ${drawer ? styles.drawer : styles.popover}`}
        style={drawer ? undefined : position}
        role="dialog"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div
          className={styles.banner}
          style={top?.color ? { background: top.color2 ? `linear-gradient(90deg, ${top.color}, ${top.color2})` : top.color } : undefined}
        />
        <div className={styles.head}>
          <span className={styles.avatar}>
            <Avatar id={member.id} name={member.username} size={72} />
          </span>
          {top && (
            <span className={styles.topRole}>
              <RoleChip role={top} />
            </span>
          )}
        </div>
        <div className={styles.body}>
          <h2 id={titleId} className={styles.name}>
            <span style={roleNameStyle(top)}>{member.username}</span>
            {isOwner && (
              <span className={styles.crown} role="img" aria-label={t('owner')} title={t('owner')}>
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                  <path fill="currentColor" d="M3 7.5 7.5 11 12 4.5 16.5 11 21 7.5 19 18H5L3 7.5Zm2 12h14v1.5H5V19.5Z" />
                </svg>
              </span>
            )}
            {member.bot && <span className={styles.tag}>{t('bot')}</span>}
          </h2>
          <p className={styles.subdomain}>@{member.subdomain}</p>

          <section className={styles.section} aria-labelledby={`${titleId}-since`}>
            <h3 id={`${titleId}-since`} className={styles.sectionTitle}>
              {t('memberSince')}
            </h3>
            <p className={styles.since}>
              <time dateTime={member.joinedAt}>{since}</time>
            </p>
          </section>

          <section className={styles.section} aria-labelledby={`${titleId}-roles`}>
            <h3 id={`${titleId}-roles`} className={styles.sectionTitle}>
              {t('roles.title')}
            </h3>
            <ul className={styles.roles}>
              {held.map((role) => (
                <li key={role.id}>
                  <RoleChip
                    role={role}
                    onRemove={changeable.includes(role) ? () => void change(role, false) : undefined}
                    removing={removeRole.isPending && removeRole.variables.roleId === role.id}
                  />
                </li>
              ))}
              {changeable.length > 0 && (
                <li>
                  <button
                    ref={addButtonRef}
                    type="button"
                    className={styles.add}
                    aria-label={t('roles.add')}
                    title={t('roles.add')}
                    aria-expanded={adding}
                    aria-controls={adding ? `${titleId}-add` : undefined}
                    onClick={() => setAdding((x) => !x)}
                  >
                    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                      <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
                    </svg>
                  </button>
                </li>
              )}
              {held.length === 0 && changeable.length === 0 && <li className={styles.noRoles}>{t('roles.none')}</li>}
            </ul>
            {adding && (
              <AddRolePanel
                id={`${titleId}-add`}
                roles={addable}
                busy={addRole.isPending}
                onAdd={(role) => void change(role, true)}
                onClose={() => {
                  setAdding(false);
                  addButtonRef.current?.focus();
                }}
              />
            )}
          </section>

          <FriendButton user={{ ...member, slug: member.subdomain }} className={styles.actions} />
          {(canKick || canBan) && (
            <div className={styles.actions}>
              {canKick && (
                <Button variant="ghost" size="sm" onClick={() => openDialog({ kind: 'kickMember', userId: member.id })}>
                  {t('kick.action')}
                </Button>
              )}
              {canBan && (
                <Button variant="danger" size="sm" onClick={() => openDialog({ kind: 'banMember', userId: member.id })}>
                  {t('ban.action')}
                </Button>
              )}
            </div>
          )}
        </div>
      </div>
    </>
  );
  return createPortal(card, document.body);
}
