import type { UserProfile } from '@rally/shared/api/profile';
import type { Member, Team } from '@rally/shared/api/teams';
import { TeamPermission } from '@rally/shared/permissions';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useMediaQuery } from '../../lib/use-media-query';
import { BlockButton } from '../friends/BlockButton';
import { FriendButton } from '../friends/FriendButton';
import { useIsBlocked } from '../friends/queries';
import { MessageButton } from '../dms/MessageButton';
import { useMeUser } from '../auth/queries';
import { Avatar } from '../messages/Avatar';
import { isPremium } from '../messages/premium';
import { PresenceDot } from '../presence/PresenceDot';
import { useCopyId } from '../settings/use-copy-id';
import { useTeamAccess } from '../teams/access';
import { useTeamMembers } from '../teams/members-queries';
import { useTeamRoles } from '../teams/queries';
import type { TeamActions } from '../teams/team-actions';
import { useUserProfile } from '../users/queries';
import { roleNameStyle, topDisplayedRole } from './member-groups';
import styles from './ProfileCard.module.css';
import { CardActivity, CardBadges, CardSince, CardStatus } from './ProfileCardSections';
import { CardRoles } from './CardRoles';
import { RoleChip } from './RoleChip';
import { useCardPlacement } from './use-card-placement';

/** Spec 001 §9: the profile card is a bottom drawer below 640 px. */
const DRAWER_QUERY = '(max-width: 639.98px)';

interface Props {
  team: Team;
  userId: string;
  /** The element clicked: the card sits beside it, and focus goes back to it on close. */
  anchor: HTMLElement;
  onClose: () => void;
  openDialog: TeamActions;
}

/** What the card shows of a user: their profile, or the member the list knows (while it loads, or when it failed). */
type CardUser = Omit<UserProfile, 'createdAt' | 'relationship' | 'member'> & { createdAt: string | null; relationship: UserProfile['relationship'] | null };

function fromMember(m: Member): CardUser {
  const { subdomain, userStatus, userRPC, id, username, profilePicture, bot, system, presence } = m;
  return {
    id,
    username,
    slug: subdomain,
    profilePicture,
    bot,
    system,
    presence,
    banner: null,
    flags: 0,
    status: userStatus,
    activity: userRPC,
    createdAt: null,
    relationship: null,
  };
}

/**
 * A user's profile card (spec 001 §2 "Profile card", §6): a popover beside the name clicked on wide
 * screens, a bottom drawer below 640 px. Banner, avatar with presence, the top displayed role,
 * username, badges, @subdomain (the handle friends add them by), custom status, activity, the friend
 * action (none for oneself, bots and the system user), Block or Unblock (not for oneself or the
 * system user), member since (Rally, and the team), the roles (given and taken here by
 * whoever may) while they are a member, kick and ban. Its data is GET /users/{id}/profile (kept 5
 * minutes); the member the list knows stands in while it loads or when it fails (001 §7). Escape
 * or a click outside closes it, and focus returns to the element clicked.
 */
export function ProfileCard({ team, userId, anchor, onClose, openDialog }: Props) {
  const { t } = useTranslation(['members', 'settings']);
  const drawer = useMediaQuery(DRAWER_QUERY);
  const members = useTeamMembers(team.id).data;
  const roles = useTeamRoles(team.id).data ?? [];
  const access = useTeamAccess(team);
  const profile = useUserProfile(userId, team.id);
  const me = useMeUser();
  const copyId = useCopyId();
  const cardRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Live from the blocked list (USER_BLOCKED / USER_UNBLOCKED); the profile's word until it loads.
  const blocked = useIsBlocked(userId, profile.data?.relationship === 'blocked');
  const member = members?.find((m) => m.id === userId);
  const user: CardUser | null = profile.data ?? (member ? fromMember(member) : null);
  const position = useCardPlacement(cardRef, anchor, onClose, drawer, user !== null);
  // Neither a profile nor a member to show (not in the team, and the profile failed): nothing to open.
  const nothing = !user && profile.isError && !!members;
  useEffect(() => {
    if (nothing) onClose();
  }, [nothing, onClose]);

  if (!user) return null;

  const byId = new Map(roles.map((r) => [r.id, r]));
  const top = member ? topDisplayedRole(member.roles, byId) : null;
  const isOwner = user.id === team.createdBy;
  const canKick = !!member && access.can(TeamPermission.KICK_MEMBERS) && access.canActOnMember(member);
  const canBan = !!member && access.can(TeamPermission.BAN_MEMBERS) && access.canActOnMember(member);
  const presence = member?.presence ?? user.presence;
  const bannerStyle = top?.color ? { background: top.color2 ? `linear-gradient(90deg, ${top.color}, ${top.color2})` : top.color } : undefined;

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
        <div className={`${styles.banner} ${user.banner ? styles.bannerImage : ''}`} style={user.banner ? undefined : bannerStyle}>
          {user.banner && <img src={user.banner} alt="" />}
        </div>
        <div className={styles.head}>
          <span className={styles.avatar}>
            <Avatar id={user.id} name={user.username} size={72} src={user.profilePicture} premium={isPremium(user)} />
            <PresenceDot presence={presence} className={styles.presence} />
          </span>
          {top && (
            <span className={styles.topRole}>
              <RoleChip role={top} />
            </span>
          )}
        </div>
        <div className={styles.body}>
          <div className={styles.nameRow}>
            <h2 id={titleId} className={styles.name}>
              <span style={roleNameStyle(top)}>{user.username}</span>
              {isOwner && (
                <span className={styles.crown} role="img" aria-label={t('owner')} title={t('owner')}>
                  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                    <path fill="currentColor" d="M3 7.5 7.5 11 12 4.5 16.5 11 21 7.5 19 18H5L3 7.5Zm2 12h14v1.5H5V19.5Z" />
                  </svg>
                </span>
              )}
            </h2>
            <CardBadges user={user} />
          </div>
          <p className={styles.subdomain} title={t('card.handleHint')}>
            <span className="visually-hidden">{t('card.handle')}: </span>@{user.slug}
          </p>
          {user.status && <CardStatus status={user.status} />}

          <div className={styles.actions}>
            {blocked ? (
              <span className={styles.noRoles}>{t('card.blocked')}</span>
            ) : (
              <>
                {me && me.id !== user.id && !user.bot && !user.system && <MessageButton userId={user.id} name={user.username} />}
                <FriendButton user={user} />
              </>
            )}
            <BlockButton user={user} onBlock={(target) => openDialog({ kind: 'blockUser', user: target })} />
            {copyId && (
              <Button variant="ghost" size="sm" aria-label={t('settings:copyIdOf', { name: user.username })} onClick={() => copyId(user.id)}>
                {t('settings:copyId')}
              </Button>
            )}
          </div>
          {user.activity && <CardActivity activity={user.activity} titleId={`${titleId}-activity`} />}

          <CardSince titleId={`${titleId}-since`} createdAt={user.createdAt} team={member ? { name: team.name, joinedAt: member.joinedAt } : null} />
          {member && <CardRoles team={team} member={member} roles={roles} titleId={`${titleId}-roles`} />}

          {(canKick || canBan) && (
            <div className={styles.actions}>
              {canKick && (
                <Button variant="ghost" size="sm" onClick={() => openDialog({ kind: 'kickMember', userId: user.id })}>
                  {t('kick.action')}
                </Button>
              )}
              {canBan && (
                <Button variant="danger" size="sm" onClick={() => openDialog({ kind: 'banMember', userId: user.id })}>
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
