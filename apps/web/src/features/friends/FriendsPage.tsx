import type { Friend } from '@rally/shared/api/friends';
import type { PublicUser } from '@rally/shared/api/users';
import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useToast } from '../../components/ui/toast-context';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMeUser } from '../auth/queries';
import { Avatar } from '../messages/Avatar';
import { isPremium } from '../messages/premium';
import { PresenceDot } from '../presence/PresenceDot';
import { MessageButton } from '../dms/MessageButton';
import { AddFriendForm } from './AddFriendForm';
import { badgeText, friendLists, isIncoming } from './friend-lists';
import { BlockUserDialog } from './BlockUserDialog';
import { useRemoveFriend, useRespondFriendRequest } from './mutations';
import { useBlocks, useFriends } from './queries';
import { useUnblock } from './use-unblock';
import styles from './FriendsPage.module.css';

const TABS = ['online', 'all', 'pending', 'blocked', 'add'] as const;
type Tab = (typeof TABS)[number];

/** Unfriend and block ask first (block with BlockUserDialog, as everywhere else). */
type Confirm = { kind: 'unfriend' | 'block'; user: PublicUser } | null;

/**
 * /me/friends (spec 001 §2, §4 Friend): tabs as Discord's — online friends, all friends, pending
 * requests (incoming with Accept and Decline, outgoing with Cancel), blocked users (Unblock) — and
 * the add-friend form. Every list is kept current by the FRIEND_* and USER_(UN)BLOCKED events.
 */
export function FriendsPage() {
  const { t } = useTranslation(['friends', 'common']);
  useDocumentTitle(t('title'));
  const me = useMeUser();
  const friends = useFriends();
  const [tab, setTab] = useState<Tab>('online');
  const blocks = useBlocks(tab === 'blocked');
  const lists = useMemo(() => (me && friends.data ? friendLists(friends.data, me.id) : null), [friends.data, me]);
  const pendingBadge = badgeText(lists?.incoming ?? 0);

  const onTabKey = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = TABS[(i + step + TABS.length) % TABS.length] ?? 'online';
    setTab(next);
    document.getElementById(`friends-tab-${next}`)?.focus();
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <div className={styles.tabs} role="tablist" aria-label={t('tabsLabel')}>
          {TABS.map((key, i) => (
            <button
              key={key}
              id={`friends-tab-${key}`}
              type="button"
              role="tab"
              aria-selected={tab === key}
              aria-controls="friends-panel"
              tabIndex={tab === key ? 0 : -1}
              className={`${styles.tab} ${key === 'add' ? styles.addTab : ''} ${tab === key ? styles.selected : ''}`}
              onClick={() => setTab(key)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {t(`tabs.${key}`)}
              {key === 'pending' && pendingBadge && (
                <span className={styles.badge}>
                  <span aria-hidden="true">{pendingBadge}</span>
                  <span className="visually-hidden">{t('badge', { count: lists?.incoming ?? 0 })}</span>
                </span>
              )}
            </button>
          ))}
        </div>
      </header>
      <section id="friends-panel" role="tabpanel" aria-labelledby={`friends-tab-${tab}`} className={styles.panel}>
        {tab === 'add' ? (
          <AddFriendForm />
        ) : tab === 'blocked' ? (
          <BlockedList blocks={blocks} />
        ) : (
          <FriendList tab={tab} friends={lists?.[tab] ?? null} meId={me?.id ?? ''} error={friends.isError} onRetry={() => void friends.refetch()} />
        )}
      </section>
    </div>
  );
}

/** One person's row: avatar with presence, name, @slug and a line under it, then the actions. */
function PersonRow({ user, detail, children }: { user: PublicUser; detail: ReactNode; children: ReactNode }) {
  return (
    <li className={styles.row}>
      <span className={styles.avatar}>
        <Avatar id={user.id} name={user.username} size={36} src={user.profilePicture} premium={isPremium(user)} />
        <PresenceDot presence={user.presence} />
      </span>
      <span className={styles.who}>
        <span className={styles.name}>
          {user.username} <span className={styles.slug}>@{user.slug}</span>
        </span>
        <span className={styles.detail}>{detail}</span>
      </span>
      <span className={styles.actions}>{children}</span>
    </li>
  );
}

function ListState({ count, empty, children }: { count: string; empty: string | null; children: ReactNode }) {
  return (
    <>
      <h2 className={styles.count}>{count}</h2>
      {empty ? <p className={styles.empty}>{empty}</p> : <ul className={styles.list}>{children}</ul>}
    </>
  );
}

function FriendList({
  tab,
  friends,
  meId,
  error,
  onRetry,
}: {
  tab: 'online' | 'all' | 'pending';
  friends: Friend[] | null;
  meId: string;
  error: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation(['friends', 'common']);
  const toast = useToast();
  const respond = useRespondFriendRequest();
  const remove = useRemoveFriend();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const failed = () => toast.show(t('toast.failed'), 'error');

  if (error)
    return (
      <div className={styles.error} role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('common:retry')}
        </Button>
      </div>
    );
  if (!friends)
    return (
      <p className={styles.empty} role="status">
        {t('common:loading')}
      </p>
    );

  const answer = (user: PublicUser, status: 'accepted' | 'rejected') =>
    respond.mutate(
      { userId: user.id, status },
      { onSuccess: () => toast.show(t(status === 'accepted' ? 'toast.accepted' : 'toast.rejected', { name: user.username }), 'success'), onError: failed },
    );
  const cancel = (user: PublicUser) =>
    remove.mutate(user.id, { onSuccess: () => toast.show(t('toast.cancelled', { name: user.username }), 'success'), onError: failed });

  const unfriend = async (user: PublicUser) => {
    try {
      await remove.mutateAsync(user.id);
    } catch {
      throw new Error(t('toast.failed'));
    }
    toast.show(t('toast.unfriended', { name: user.username }), 'success');
  };

  return (
    <>
      <ListState count={t(`count.${tab}`, { count: friends.length })} empty={friends.length === 0 ? t(`empty.${tab}`) : null}>
        {friends.map((f) => {
          const name = f.user.username;
          const busy = respond.isPending || remove.isPending;
          if (f.status === 'pending') {
            const incoming = isIncoming(f, meId);
            return (
              <PersonRow key={f.user.id} user={f.user} detail={t(incoming ? 'incoming' : 'outgoing')}>
                {incoming ? (
                  <>
                    <Button size="sm" onClick={() => answer(f.user, 'accepted')} disabled={busy} aria-label={t('actions.acceptLabel', { name })}>
                      {t('actions.accept')}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => answer(f.user, 'rejected')}
                      disabled={busy}
                      aria-label={t('actions.declineLabel', { name })}
                    >
                      {t('actions.decline')}
                    </Button>
                  </>
                ) : (
                  <Button size="sm" variant="secondary" onClick={() => cancel(f.user)} disabled={busy} aria-label={t('actions.cancelLabel', { name })}>
                    {t('actions.cancel')}
                  </Button>
                )}
              </PersonRow>
            );
          }
          return (
            <PersonRow key={f.user.id} user={f.user} detail={t(`presence.${f.user.presence}`)}>
              <MessageButton userId={f.user.id} name={name} variant="primary" />
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setConfirm({ kind: 'unfriend', user: f.user })}
                aria-label={t('actions.unfriendLabel', { name })}
              >
                {t('actions.unfriend')}
              </Button>
              <Button size="sm" variant="danger" onClick={() => setConfirm({ kind: 'block', user: f.user })} aria-label={t('actions.blockLabel', { name })}>
                {t('actions.block')}
              </Button>
            </PersonRow>
          );
        })}
      </ListState>
      <ConfirmDialog
        open={confirm?.kind === 'unfriend'}
        onClose={() => setConfirm(null)}
        title={confirm ? t('confirm.unfriendTitle', { name: confirm.user.username }) : ''}
        message={confirm ? t('confirm.unfriendMessage', { name: confirm.user.username }) : ''}
        confirmLabel={t('actions.unfriend')}
        onConfirm={() => (confirm ? unfriend(confirm.user) : Promise.resolve())}
      />
      {confirm?.kind === 'block' && <BlockUserDialog user={confirm.user} onClose={() => setConfirm(null)} />}
    </>
  );
}

function BlockedList({ blocks }: { blocks: ReturnType<typeof useBlocks> }) {
  const { t } = useTranslation(['friends', 'common']);
  const { unblock, pending } = useUnblock();
  if (blocks.isError)
    return (
      <div className={styles.error} role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void blocks.refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  if (!blocks.data)
    return (
      <p className={styles.empty} role="status">
        {t('common:loading')}
      </p>
    );
  return (
    <ListState count={t('count.blocked', { count: blocks.data.length })} empty={blocks.data.length === 0 ? t('empty.blocked') : null}>
      {blocks.data.map((b) => (
        <PersonRow key={b.userId} user={b.user} detail={t('blockedSince')}>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => unblock(b.user)}
            disabled={pending}
            aria-label={t('actions.unblockLabel', { name: b.user.username })}
          >
            {t('actions.unblock')}
          </Button>
        </PersonRow>
      ))}
    </ListState>
  );
}
