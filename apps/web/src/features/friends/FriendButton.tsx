import type { Friend } from '@rally/shared/api/friends';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/toast-context';
import { useMeUser } from '../auth/queries';
import friendStyles from './FriendBadge.module.css';
import { isIncoming } from './friend-lists';
import { useRespondFriendRequest, useSendFriendRequest } from './mutations';
import { useFriends } from './queries';

export interface FriendButtonUser {
  id: string;
  username: string;
  /** The @slug (the add-friend field's value). */
  slug: string;
  bot: boolean;
  system: boolean;
}

/**
 * The profile card's friend button (001 §6): none for oneself, bots, webhooks and the system user;
 * Add Friend, Accept (their request), a sent request, or friends already. `className` styles the
 * row it sits in (rendered only when there is something to show).
 */
export function FriendButton({ user, className }: { user: FriendButtonUser; className?: string }) {
  const me = useMeUser();
  const friends = useFriends(me !== undefined);
  if (!me || me.id === user.id || user.bot || user.system || !friends.data) return null;
  const entry = friends.data.find((f) => f.user.id === user.id) ?? null;
  return (
    <div className={className}>
      <FriendAction user={user} entry={entry} incoming={entry !== null && isIncoming(entry, me.id)} />
    </div>
  );
}

/** The action for this relation; a refusal shows the server's message as a toast (001 §8 friend-add from profile). */
function FriendAction({ user, entry, incoming }: { user: FriendButtonUser; entry: Friend | null; incoming: boolean }) {
  const { t } = useTranslation('friends');
  const send = useSendFriendRequest();
  const respond = useRespondFriendRequest();
  const toast = useToast();
  const failed = (err: Error) => toast.show(err.message || t('toast.failed'), 'error');

  if (entry?.status === 'accepted')
    return (
      <span className={friendStyles.tag}>
        <span aria-hidden="true">✓ </span>
        {t('profile.friends')}
      </span>
    );
  if (entry && !incoming)
    return (
      <Button size="sm" variant="secondary" disabled>
        {t('profile.sent')}
      </Button>
    );
  if (entry)
    return (
      <Button
        size="sm"
        loading={respond.isPending}
        onClick={() =>
          respond.mutate(
            { userId: user.id, status: 'accepted' },
            { onSuccess: () => toast.show(t('toast.accepted', { name: user.username }), 'success'), onError: failed },
          )
        }
      >
        {t('profile.accept')}
      </Button>
    );
  return (
    <Button
      size="sm"
      loading={send.isPending}
      onClick={() =>
        send.mutate(
          { slug: user.slug },
          {
            onSuccess: (friend) => toast.show(t(friend?.status === 'accepted' ? 'add.nowFriends' : 'add.sent', { name: user.username }), 'success'),
            onError: failed,
          },
        )
      }
    >
      {t('profile.add')}
    </Button>
  );
}
