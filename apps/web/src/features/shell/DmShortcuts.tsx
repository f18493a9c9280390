import { LIMITS } from '@rally/shared/limits';
import type { FocusEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { dmName } from '../dms/dm-names';
import { useDms } from '../dms/queries';
import { Avatar } from '../messages/Avatar';
import { useDmUnreadTotal, useUnread } from '../unread/queries';
import { badgeText } from '../unread/unread-state';
import badgeStyles from '../unread/UnreadBadge.module.css';
import styles from './Sidebar.module.css';

type TipProps = (label: string) => {
  onPointerEnter: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave: () => void;
  onFocus: (e: FocusEvent<HTMLElement>) => void;
  onBlur: () => void;
};

/** At most this many chats with unread messages get their own avatar under the direct-messages link. */
const UNREAD_AVATARS = 3;

/**
 * The sidebar's direct-messages link with the unread total (99+), and below it the avatars of the
 * chats with unread messages (001 §2), each opening its chat.
 */
export function DmShortcuts({ tipProps }: { tipProps: TipProps }) {
  const { t } = useTranslation('dms');
  const total = useDmUnreadTotal();
  const unreadIds = useUnread((state) => Object.entries(state.channels).flatMap(([id, c]) => (c.teamId === null && c.unread > 0 ? [id] : []))).data ?? [];
  // The chats themselves are read only when one has something unread (not on every start).
  const dms = useDms(unreadIds.length > 0);
  const unreadChats = (dms.data ?? []).filter((dm) => unreadIds.includes(dm.id)).slice(0, UNREAD_AVATARS);
  const label = total > 0 ? t('sidebarLinkUnread', { count: total }) : t('sidebarLink');
  return (
    <>
      <div className={styles.teamSlot}>
        <NavLink
          to="/chat"
          className={({ isActive }) => `${styles.item} ${styles.home} ${isActive ? styles.active : ''}`}
          aria-label={label}
          {...tipProps(label)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path
              d="M4 5.5A2.5 2.5 0 016.5 3h11A2.5 2.5 0 0120 5.5v8a2.5 2.5 0 01-2.5 2.5H10l-4.5 4v-4A1.5 1.5 0 014 14.5z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        </NavLink>
        {total > 0 && (
          <span className={`${badgeStyles.badge} ${badgeStyles.onIcon}`} aria-hidden="true">
            {badgeText(total, LIMITS.unread.dmBadgeMax)}
          </span>
        )}
      </div>
      {unreadChats.map((dm) => {
        const name = dmName(dm);
        const first = dm.users[0];
        return (
          <NavLink
            key={dm.id}
            to={`/chat/${dm.id}`}
            className={`${styles.item} ${styles.home} ${styles.unread}`}
            aria-label={t('unreadChat', { name })}
            {...tipProps(name)}
          >
            {first && <Avatar id={first.id} name={first.username} size={48} src={first.profilePicture} />}
          </NavLink>
        );
      })}
    </>
  );
}
