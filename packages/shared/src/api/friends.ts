import { z } from 'zod';
import { LIMITS } from '../limits';
import { snowflakeSchema } from './common';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { USERNAME_PATTERN } from './auth';
import { text } from './text';
import { publicUserSchema, userSettingsSchema } from './users';

/**
 * Friends, friend requests, blocks and friend-invite links (spec 001 §2 /me/friends, §3 Friend
 * entry and Blocked list, §4 Friend, §5 Friend username, §7 Friends and DMs; 000 §3 privacy).
 */

/** A friendship as one side sees it: `user` is the other one; `createdBy` sent the request (pending: incoming when it is `user.id`). */
export const friendSchema = z.object({
  user: publicUserSchema,
  status: z.enum(['pending', 'accepted']),
  createdBy: z.string(),
  createdAt: z.string(),
  /** When the request was accepted (null while pending). */
  acceptedAt: z.string().nullable(),
});
export type Friend = z.infer<typeof friendSchema>;

/** A user the signed-in user blocked (spec 001 §3 Blocked list: userId, blockedAt), with the user to show. */
export const blockedUserSchema = z.object({ userId: z.string(), blockedAt: z.string(), user: publicUserSchema });
export type BlockedUser = z.infer<typeof blockedUserSchema>;

/**
 * The add-friend field: a user's handle (their slug: 3 to 20 letters, digits and hyphens, 001 §5
 * Friend username) or the name they signed up with (letters, digits, spaces, underscores, hyphens
 * and emoji, at most 16 characters: USERNAME_PATTERN of api/auth.ts), so that whatever registration
 * accepts can be typed here. Trimmed, one leading "@" dropped (handles are shown as @handle), then
 * 1 to 20 characters (an emoji is one).
 */
export const friendNameSchema = text({ max: LIMITS.friendName.max * 4, error: 'friend_name_length' })
  .trim()
  .overwrite((v) => v.replace(/^@/, ''))
  .refine((v) => v.length >= LIMITS.friendName.min && [...v].length <= LIMITS.friendName.max, { message: 'friend_name_length', abort: true })
  .regex(USERNAME_PATTERN, 'friend_name_format');

export const sendFriendRequestSchema = z.object({ slug: friendNameSchema });
export type SendFriendRequest = z.input<typeof sendFriendRequestSchema>;

/**
 * The answer to an incoming request (001 §7): accepted or rejected. `id` is what the spec's client
 * also sends (the other user's id); when present it must name the same user as the path.
 */
export const respondFriendRequestSchema = z.object({ status: z.enum(['accepted', 'rejected']), id: snowflakeSchema.optional() });
export type RespondFriendRequest = z.input<typeof respondFriendRequestSchema>;

/** DELETE may carry the spec's `{ id }` (the other user's id, as the path says). */
export const removeFriendSchema = z.object({ id: snowflakeSchema.optional() });

export const friendCodeSchema = text({ max: LIMITS.friendCode.max, error: 'friend_code_invalid' })
  .trim()
  .min(1, { message: 'friend_code_invalid', abort: true });
export const friendCodeRequestSchema = z.object({ code: friendCodeSchema });

export const userParamsSchema = z.object({ userId: snowflakeSchema });

export const listFriendsResponseSchema = z.object({ success: z.literal(true), friends: z.array(friendSchema) });
/** The entry after the call: pending (a request sent), accepted (friends now), or null (rejected: nothing is left). */
export const friendResponseSchema = z.object({ success: z.literal(true), friend: friendSchema.nullable() });
export const listBlocksResponseSchema = z.object({ success: z.literal(true), blocked: z.array(blockedUserSchema) });
export const blockResponseSchema = z.object({ success: z.literal(true), blocked: blockedUserSchema });
export const friendInviteResponseSchema = z.object({ success: z.literal(true), code: z.string() });
/** Who a friend-invite code belongs to (the /friendinvite page and the registration form show it). */
export const validateFriendInviteResponseSchema = z.object({ success: z.literal(true), inviter: publicUserSchema });
const successSchema = z.object({ success: z.literal(true) });

// ---- endpoints ----

export const listFriendsEndpoint = defineEndpoint({
  ...ROUTES.listFriends,
  summary: "The signed-in user's friends and friend requests (incoming and outgoing), newest first",
  response: listFriendsResponseSchema,
});

export const sendFriendRequestEndpoint = defineEndpoint({
  ...ROUTES.sendFriendRequest,
  userRateLimit: 'friends',
  summary:
    "Send a friend request by handle (slug) or, when exactly one user has it, by the name they signed up with (409 friend_name_ambiguous when several have it); accepts the other user's pending request to the caller instead",
  body: sendFriendRequestSchema,
  response: friendResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const respondFriendRequestEndpoint = defineEndpoint({
  ...ROUTES.respondFriendRequest,
  userRateLimit: 'friends',
  summary: 'Accept or reject an incoming friend request',
  params: userParamsSchema,
  body: respondFriendRequestSchema,
  response: friendResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const removeFriendEndpoint = defineEndpoint({
  ...ROUTES.removeFriend,
  userRateLimit: 'friends',
  summary: 'Unfriend, cancel an outgoing request or decline an incoming one',
  params: userParamsSchema,
  body: removeFriendSchema,
  response: successSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const listBlocksEndpoint = defineEndpoint({
  ...ROUTES.listBlocks,
  summary: 'The users the signed-in user blocked, newest first',
  response: listBlocksResponseSchema,
});

export const blockUserEndpoint = defineEndpoint({
  ...ROUTES.blockUser,
  userRateLimit: 'friends',
  summary: 'Block a user: any friendship or request between the two ends; they can no longer send friend requests or direct messages',
  params: userParamsSchema,
  response: blockResponseSchema,
});

export const unblockUserEndpoint = defineEndpoint({
  ...ROUTES.unblockUser,
  userRateLimit: 'friends',
  summary: 'Unblock a user',
  params: userParamsSchema,
  response: successSchema,
});

export const friendInviteEndpoint = defineEndpoint({
  ...ROUTES.friendInvite,
  summary: "The signed-in user's friend-invite code (made on the first call)",
  response: friendInviteResponseSchema,
});

export const friendCodeParamsSchema = z.object({ code: friendCodeSchema });

export const lookupFriendInviteEndpoint = defineEndpoint({
  ...ROUTES.lookupFriendInvite,
  summary: 'Who a friend-invite code belongs to, for the /friendinvite page (404 friend_code_invalid for an unknown code); works signed out',
  auth: 'public',
  params: friendCodeParamsSchema,
  response: validateFriendInviteResponseSchema,
});

/** The spec's check of a code typed at registration (000 §5 'Friend code is validated separately'). */
export const validateFriendInviteEndpoint = defineEndpoint({
  ...ROUTES.validateFriendInvite,
  summary: 'Check a friend-invite code (as typed at registration): its owner, or 404 friend_code_invalid; works signed out',
  auth: 'public',
  body: friendCodeRequestSchema,
  response: validateFriendInviteResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const acceptFriendInviteEndpoint = defineEndpoint({
  ...ROUTES.acceptFriendInvite,
  userRateLimit: 'friends',
  summary: 'Become friends with the owner of a friend-invite code (their sharing the link is their consent; blocks still apply)',
  body: friendCodeRequestSchema,
  response: friendResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

/**
 * The privacy settings (000 §3, §7 POST /api/v1/me/settings/privacy {privacy}): who may send the
 * user friend requests (everyone, fof, noone) and direct messages (everyone, fof, friends). Either
 * may be left out to keep it.
 */
export const updatePrivacySchema = z.object({ privacy: userSettingsSchema.shape.privacy.partial() });
export type UpdatePrivacy = z.input<typeof updatePrivacySchema>;
export const privacyResponseSchema = z.object({ success: z.literal(true), privacy: userSettingsSchema.shape.privacy });

export const updatePrivacyEndpoint = defineEndpoint({
  ...ROUTES.updatePrivacy,
  summary: 'Choose who may send the caller friend requests and direct messages (000 §3 privacy); answers the settings after the change',
  body: updatePrivacySchema,
  response: privacyResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});
