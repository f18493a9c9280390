import { z } from 'zod';
import { LIMITS } from '../limits';
import { snowflakeSchema } from './common';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { nameText, text } from './text';
import { ACTIVITY_TYPES, activitySchema, publicUserSchema, userStatusSchema } from './users';

/**
 * Profiles, custom status and game activity (spec 001 §2 Profile card and Status editor, §7 Friends
 * and DMs, Status; 000 §7 POST /api/v1/me/rpc).
 */

/**
 * How the caller stands with the user: themselves, friends, a request from them (incoming) or to
 * them (outgoing), blocked by the caller, or none of these.
 */
export const RELATIONSHIPS = ['self', 'friend', 'incoming', 'outgoing', 'blocked', 'none'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

/**
 * A user's profile as the caller may see it: what everyone may see of a user (never the e-mail or
 * settings), when they joined Rally, and how the caller stands with them. `presence`, `status` and
 * `activity` are told only to their circle (themselves, their friends, the members of their teams),
 * as the live events are: offline and null for anyone else. `member`: their roles and joining date
 * in the team asked for, when both belong to it.
 */
export const userProfileSchema = publicUserSchema.extend({
  status: userStatusSchema.nullable(),
  activity: activitySchema.nullable(),
  createdAt: z.string(),
  relationship: z.enum(RELATIONSHIPS),
  member: z.object({ teamId: z.string(), roles: z.array(z.string()), joinedAt: z.string() }).nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const userProfileParamsSchema = z.object({ userId: snowflakeSchema });
export const userProfileQuerySchema = z.object({ teamId: snowflakeSchema.optional() });
export const userProfileResponseSchema = z.object({ success: z.literal(true), user: userProfileSchema });

/**
 * POST /api/v1/me/status (001 §7 Status): a line of text (trimmed, at most
 * LIMITS.status.contentMax) and an emoji (a standard one, or the id of an emoji of one of the
 * caller's teams); either may be empty or absent, not both (400 status_empty: the editor clears
 * with DELETE then).
 */
export const setStatusRequestSchema = z.object({
  content: nameText({ max: LIMITS.status.contentMax, tooLong: 'status_too_long' }).nullable().optional(),
  emojiId: text({ max: LIMITS.reactions.emojiMax, error: 'status_emoji_invalid' }).nullable().optional(),
});
export type SetStatusRequest = z.input<typeof setStatusRequestSchema>;

/** A line of an activity (trimmed; empty is none). */
const activityLine = nameText({ max: LIMITS.activity.textMax, tooLong: 'activity_text_too_long' });

/**
 * POST /api/v1/me/rpc (000 §7 `{type=game, gameId, name}`): what the user does (`game`, the spec's
 * word, is `playing`), its name, the game's id, two optional lines, and since when (milliseconds
 * since 1970; absent: now; not in the future).
 */
export const setActivityRequestSchema = z.object({
  type: z.enum([...ACTIVITY_TYPES, 'game'], { error: 'activity_type_invalid' }).optional(),
  name: nameText({ max: LIMITS.activity.textMax, error: 'activity_name_invalid' }).min(1, 'activity_name_invalid'),
  gameId: text({ max: LIMITS.activity.gameIdMax, tooLong: 'activity_text_too_long' }).nullable().optional(),
  details: activityLine.nullable().optional(),
  state: activityLine.nullable().optional(),
  startedAt: z.number({ error: 'activity_start_invalid' }).int('activity_start_invalid').min(0, 'activity_start_invalid').optional(),
});
export type SetActivityRequest = z.input<typeof setActivityRequestSchema>;

const successSchema = z.object({ success: z.literal(true) });

/**
 * The caller's avatar or banner (000 §7 POST /api/me/profile/avatar {avatar}, /banner {banner}): a
 * URL `POST /api/v1/upload` answered for an upload of the field's kind (userAvatar, userBanner; the
 * server accepts only its own keys of that kind, 400 profile_image_invalid otherwise), or null to
 * remove it.
 */
const profileImageSchema = text({ max: 512, error: 'profile_image_invalid' }).nullable();
export const setAvatarRequestSchema = z.object({ avatar: profileImageSchema });
export type SetAvatarRequest = z.input<typeof setAvatarRequestSchema>;
export const setBannerRequestSchema = z.object({ banner: profileImageSchema });
export type SetBannerRequest = z.input<typeof setBannerRequestSchema>;

// ---- endpoints ----

export const userProfileEndpoint = defineEndpoint({
  ...ROUTES.userProfile,
  summary:
    "A user's profile (404 user_not_found unless the caller shares a team, a friendship or request, a direct chat or a block with them); with teamId, their roles and joining date there when both are members",
  permission: { none: 'the team part is answered only when the caller and the user both belong to teamId (checked by the service)' },
  params: userProfileParamsSchema,
  query: userProfileQuerySchema,
  response: userProfileResponseSchema,
});

export const setStatusEndpoint = defineEndpoint({
  ...ROUTES.setStatus,
  userRateLimit: 'circle',
  summary: "Set the caller's custom status (text and emoji); their circle gets USER_PROFILE_UPDATED",
  body: setStatusRequestSchema,
  response: z.object({ success: z.literal(true), status: userStatusSchema }),
  bodyLimit: BODY_LIMIT.SMALL,
});

export const clearStatusEndpoint = defineEndpoint({
  ...ROUTES.clearStatus,
  userRateLimit: 'circle',
  summary: "Clear the caller's custom status; their circle gets USER_PROFILE_UPDATED",
  response: successSchema,
});

export const setActivityEndpoint = defineEndpoint({
  ...ROUTES.setActivity,
  userRateLimit: 'circle',
  summary: "Set the caller's game activity (rich presence); their circle gets USER_PROFILE_UPDATED",
  body: setActivityRequestSchema,
  response: z.object({ success: z.literal(true), activity: activitySchema }),
  // Four lines of text, each up to 128 characters that JSON may write as \u escapes: more than SMALL.
  bodyLimit: BODY_LIMIT.DEFAULT,
});

export const clearActivityEndpoint = defineEndpoint({
  ...ROUTES.clearActivity,
  userRateLimit: 'circle',
  summary: "Clear the caller's game activity; their circle gets USER_PROFILE_UPDATED",
  response: successSchema,
});

export const setAvatarEndpoint = defineEndpoint({
  ...ROUTES.setAvatar,
  userRateLimit: 'circle',
  summary: "Set or remove the caller's avatar (a URL of their own userAvatar upload, or null); their circle gets USER_PROFILE_UPDATED",
  body: setAvatarRequestSchema,
  response: z.object({ success: z.literal(true), avatar: z.string().nullable() }),
  bodyLimit: BODY_LIMIT.SMALL,
});

export const setBannerEndpoint = defineEndpoint({
  ...ROUTES.setBanner,
  userRateLimit: 'circle',
  summary: "Set or remove the caller's profile banner (a URL of their own userBanner upload, or null); their circle gets USER_PROFILE_UPDATED",
  body: setBannerRequestSchema,
  response: z.object({ success: z.literal(true), banner: z.string().nullable() }),
  bodyLimit: BODY_LIMIT.SMALL,
});
