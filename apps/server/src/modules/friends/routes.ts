import type { FastifyInstance } from 'fastify';
import {
  acceptFriendInviteEndpoint,
  blockUserEndpoint,
  friendInviteEndpoint,
  listBlocksEndpoint,
  listFriendsEndpoint,
  lookupFriendInviteEndpoint,
  removeFriendEndpoint,
  respondFriendRequestEndpoint,
  sendFriendRequestEndpoint,
  unblockUserEndpoint,
  updatePrivacyEndpoint,
  validateFriendInviteEndpoint,
} from '@rally/shared/api/friends';
import { addEndpoint } from '../../http/endpoint';
import { blockUser, listBlockedUsers, unblockUser } from './blocks-service';
import { acceptFriendInvite, friendInviteCode, validateFriendInvite } from './invite-service';
import { updatePrivacy } from './privacy';
import { listFriends, removeFriend, respondFriendRequest, sendFriendRequest } from './service';

const done = { success: true as const };

export async function friendRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, listFriendsEndpoint, async ({ deps, userId }) => ({ success: true as const, friends: await listFriends(deps.db, userId) }));

  addEndpoint(app, sendFriendRequestEndpoint, async ({ deps, userId, body }) => ({
    success: true as const,
    friend: await sendFriendRequest(deps, userId, body.slug),
  }));

  addEndpoint(app, respondFriendRequestEndpoint, async ({ deps, userId, params, body }) => ({
    success: true as const,
    friend: await respondFriendRequest(deps, userId, params.userId, body),
  }));

  addEndpoint(app, removeFriendEndpoint, async ({ deps, userId, params, body }) => {
    await removeFriend(deps, userId, params.userId, body.id);
    return done;
  });

  addEndpoint(app, listBlocksEndpoint, async ({ deps, userId }) => ({ success: true as const, blocked: await listBlockedUsers(deps.db, userId) }));

  addEndpoint(app, blockUserEndpoint, async ({ deps, userId, params }) => ({ success: true as const, blocked: await blockUser(deps, userId, params.userId) }));

  addEndpoint(app, unblockUserEndpoint, async ({ deps, userId, params }) => {
    await unblockUser(deps, userId, params.userId);
    return done;
  });

  addEndpoint(app, friendInviteEndpoint, async ({ deps, userId }) => ({ success: true as const, code: await friendInviteCode(deps.db, userId) }));

  addEndpoint(app, lookupFriendInviteEndpoint, async ({ deps, params }) => ({
    success: true as const,
    inviter: await validateFriendInvite(deps.db, params.code),
  }));

  addEndpoint(app, validateFriendInviteEndpoint, async ({ deps, body }) => ({
    success: true as const,
    inviter: await validateFriendInvite(deps.db, body.code),
  }));

  addEndpoint(app, acceptFriendInviteEndpoint, async ({ deps, userId, body }) => ({
    success: true as const,
    friend: await acceptFriendInvite(deps, userId, body.code),
  }));

  addEndpoint(app, updatePrivacyEndpoint, async ({ deps, userId, body }) => ({
    success: true as const,
    privacy: await updatePrivacy(deps, userId, body.privacy),
  }));
}
