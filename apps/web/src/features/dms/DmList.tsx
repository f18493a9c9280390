import type { DirectChat } from '@rally/shared/api/dms';
import { LIMITS } from '@rally/shared/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { useMeUser } from '../auth/queries';
import { Avatar } from '../messages/Avatar';
import { isPremium } from '../messages/premium';
import { useStreamerHides } from '../streamer-mode/streamer-mode';
import { PresenceDot } from '../presence/PresenceDot';
import { useChannelUnread } from '../unread/queries';
import { badgeText } from '../unread/unread-state';
import badgeStyles from '../unread/UnreadBadge.module.css';
import { dmName, previewText } from './dm-names';
import { useHideDm } from './mutations';
import { NewChatDialog } from './NewChatDialog';
import { useDms } from './queries';
import styles from './DmList.module.css';

/**
 * The direct chats (001 §2 /chat): the one with the newest message first, each with its unread
 * badge and a 25-character preview; 10 placeholders while loading, an empty state, and a hide
 * button on each row.
 */
export function DmList({ activeId }: { activeId: string | undefined }) {
  const { t } = useTranslation('dms');
  const dms = useDms();
  const [creating, setCreating] = useState(false);
  return (
    <nav className={styles.sidebar} aria-label={t('listLabel')}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <span className={styles.headerActions}>
          {/* An icon with its name as a tooltip, so that the title keeps its room in the 240 px column. */}
          <Link to="/me/friends" className={styles.headerButton} aria-label={t('friends')} title={t('friends')}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <g stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none">
                <circle cx="9" cy="8" r="3.5" />
                <path d="M2.5 20c.6-3.6 3.3-5.5 6.5-5.5s5.9 1.9 6.5 5.5" />
                <path d="M15.5 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c1.9.8 3.1 2.5 3.5 5.2" />
              </g>
            </svg>
          </Link>
          <button type="button" className={styles.headerButton} onClick={() => setCreating(true)} aria-label={t('newChat.open')} title={t('newChat.open')}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
            </svg>
          </button>
        </span>
      </header>
      <NewChatDialog open={creating} onClose={() => setCreating(false)} />
      <div className={styles.scroll}>
        {dms.isPending ? (
          <ul className={styles.list} aria-busy="true" aria-label={t('loading')}>
            {Array.from({ length: LIMITS.dm.placeholders }, (_, i) => (
              <li key={i} className={styles.placeholder} aria-hidden="true">
                <span className={styles.placeholderAvatar} />
                <span className={styles.placeholderLines}>
                  <span />
                  <span />
                </span>
              </li>
            ))}
          </ul>
        ) : dms.isError ? (
          <div className={styles.empty} role="alert">
            <p>{dms.error instanceof ApiError ? dms.error.message : t('error')}</p>
            <button type="button" className={styles.retry} onClick={() => void dms.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : dms.data.length === 0 ? (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>{t('empty.title')}</p>
            <p>{t('empty.text')}</p>
            <Link to="/me/friends" className={styles.retry}>
              {t('empty.action')}
            </Link>
          </div>
        ) : (
          <ul className={styles.list}>
            {dms.data.map((dm) => (
              <DmRow key={dm.id} dm={dm} active={dm.id === activeId} />
            ))}
          </ul>
        )}
      </div>
    </nav>
  );
}

function DmRow({ dm, active }: { dm: DirectChat; active: boolean }) {
  const { t } = useTranslation('dms');
  const me = useMeUser();
  const toast = useToast();
  const hide = useHideDm();
  const unread = useChannelUnread(dm.id);
  const name = dmName(dm);
  const first = dm.users[0];
  const last = dm.lastMessage;
  const hidePreviews = useStreamerHides().lastMessagesOnDMs;
  const text =
    last?.type === 'system'
      ? t('preview.pinned')
      : last && last.content.trim() === '' && last.attachmentCount > 0
        ? t('preview.attachments', { count: last.attachmentCount })
        : previewText(last?.content ?? '', me ? [...dm.users, me] : dm.users);
  const preview = !last || hidePreviews ? '' : last.isDeleted ? t('preview.deleted') : last.createdBy === me?.id ? t('preview.mine', { text }) : text;
  return (
    <li className={`${styles.row}${active ? ` ${styles.active}` : ''}${unread.unread > 0 ? ` ${styles.unread}` : ''}`}>
      {/* Named by what it shows (the name, the preview) and the unread count for screen readers. */}
      <NavLink to={`/chat/${dm.id}`} className={styles.link} aria-current={active ? 'page' : undefined}>
        <span className={styles.avatar}>
          {first ? <Avatar id={first.id} name={first.username} size={34} src={first.profilePicture} premium={isPremium(first)} /> : null}
          {first && !dm.group && <PresenceDot presence={first.presence} />}
          {dm.group && <span className={styles.groupCount}>{dm.users.length + 1}</span>}
        </span>
        <span className={styles.text}>
          <span className={styles.name}>{name}</span>
          {preview && <span className={styles.preview}>{preview}</span>}
        </span>
        {unread.unread > 0 && (
          <>
            <span className={`${badgeStyles.badge} ${styles.badge}`} aria-hidden="true">
              {badgeText(unread.unread, LIMITS.unread.dmBadgeMax)}
            </span>
            <span className="visually-hidden">{t('rowUnread', { count: unread.unread })}</span>
          </>
        )}
      </NavLink>
      <button
        type="button"
        className={styles.hide}
        aria-label={t('hide', { name })}
        title={t('hide', { name })}
        disabled={hide.isPending}
        onClick={() => hide.mutate(dm.id, { onError: (err) => toast.show(err instanceof ApiError ? err.message : t('error'), 'error') })}
      >
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
