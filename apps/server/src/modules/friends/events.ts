import type { BlockedUser } from '@rally/shared/api/friends';
import { publishEvent, type Publisher } from '../../lib/events';
import type { SignedInUser } from '../users/repository';
import { toFriend } from './mappers';
import type { FriendshipRow } from './repository';

/**
 * The friend events (after the commit), each user told of the entry as they see it: FRIEND_REQUEST
 * when it is pending, FRIEND_ACCEPTED when accepted.
 */
export async function publishFriendship(publisher: Publisher, friendship: FriendshipRow, a: SignedInUser, b: SignedInUser): Promise<void> {
  for (const [to, other] of [
    [a, b],
    [b, a],
  ] as const) {
    const friend = toFriend(friendship, other);
    const audience = { kind: 'users' as const, userIds: [to.id] };
    if (friendship.status === 'pending') await publishEvent(publisher, { audience, event: { type: 'FRIEND_REQUEST', data: { friend } } });
    else await publishEvent(publisher, { audience, event: { type: 'FRIEND_ACCEPTED', data: { friend } } });
  }
}

/** The pair's entry went (rejected, cancelled, unfriended, blocked): both users' lists drop it. */
export async function publishFriendRemoved(publisher: Publisher, a: string, b: string): Promise<void> {
  await publishEvent(publisher, { audience: { kind: 'users', userIds: [a] }, event: { type: 'FRIEND_REMOVED', data: { userId: b } } });
  await publishEvent(publisher, { audience: { kind: 'users', userIds: [b] }, event: { type: 'FRIEND_REMOVED', data: { userId: a } } });
}

/** The blocker's own sessions (other tabs and devices) learn of the block; the blocked user is not told. */
export async function publishBlocked(publisher: Publisher, blockerId: string, blocked: BlockedUser): Promise<void> {
  await publishEvent(publisher, { audience: { kind: 'users', userIds: [blockerId] }, event: { type: 'USER_BLOCKED', data: { blocked } } });
}

export async function publishUnblocked(publisher: Publisher, blockerId: string, userId: string): Promise<void> {
  await publishEvent(publisher, { audience: { kind: 'users', userIds: [blockerId] }, event: { type: 'USER_UNBLOCKED', data: { userId } } });
}
