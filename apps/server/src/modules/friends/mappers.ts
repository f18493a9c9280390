import type { BlockedUser, Friend } from '@rally/shared/api/friends';
import { toPublicUser, type SignedInUser } from '../users/repository';
import type { BlockRow, FriendshipRow } from './repository';

/** A friendship as the other side of `user` sees it: `user` is the one shown. */
export function toFriend(friendship: FriendshipRow, user: SignedInUser): Friend {
  return {
    user: toPublicUser(user),
    status: friendship.status,
    createdBy: friendship.requesterId,
    createdAt: friendship.createdAt.toISOString(),
    acceptedAt: friendship.acceptedAt ? friendship.acceptedAt.toISOString() : null,
  };
}

export function toBlockedUser(block: BlockRow, user: SignedInUser): BlockedUser {
  return { userId: block.blockedId, blockedAt: block.createdAt.toISOString(), user: toPublicUser(user) };
}
