import type { Friend } from '@rally/shared/api/friends';
import { Presence } from '@rally/shared/api/users';
import { LIMITS } from '@rally/shared/limits';

/** A pending request that the other user sent (the signed-in user answers it). */
export function isIncoming(friend: Friend, meId: string): boolean {
  return friend.status === 'pending' && friend.createdBy !== meId;
}

export interface FriendLists {
  /** Accepted friends who are not offline. */
  online: Friend[];
  /** Every accepted friend. */
  all: Friend[];
  /** Pending requests, incoming first, each group newest first. */
  pending: Friend[];
  /** How many pending requests are incoming (the badge). */
  incoming: number;
}

/** The tabs' lists from the one list the server gives (newest first); friends sorted by name. */
export function friendLists(friends: readonly Friend[], meId: string): FriendLists {
  const all = friends.filter((f) => f.status === 'accepted').sort((a, b) => a.user.username.localeCompare(b.user.username));
  const incoming = friends.filter((f) => isIncoming(f, meId));
  const outgoing = friends.filter((f) => f.status === 'pending' && f.createdBy === meId);
  return {
    online: all.filter((f) => f.user.presence !== Presence.OFFLINE),
    all,
    pending: [...incoming, ...outgoing],
    incoming: incoming.length,
  };
}

/** The badge text: the number, or '9+' above LIMITS.friendBadgeMax (001 §2, §9); null when there is nothing. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > LIMITS.friendBadgeMax ? `${LIMITS.friendBadgeMax}+` : String(count);
}
