import { z } from 'zod';
import { LIMITS } from '../limits';
import { snowflakeSchema } from './common';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { categorySchema, channelSchema } from './teams';
import { nameText, text } from './text';

/** Channel and category management (spec 001 §5, §9): create, edit, clone, delete, overwrites. */

const successTrue = z.literal(true);

/** Trimmed, bidi controls removed; 1–20 characters with the spec's text. */
export const channelNameSchema = nameText({ max: LIMITS.channelName.max * 4, error: 'channel_name_length' })
  .min(LIMITS.channelName.min, 'channel_name_length')
  .max(LIMITS.channelName.max, 'channel_name_length');

export const categoryNameSchema = nameText({ max: LIMITS.categoryName.max * 4, error: 'category_name_length' })
  .min(LIMITS.categoryName.min, 'category_name_length')
  .max(LIMITS.categoryName.max, 'category_name_length');

/** The types offered at creation (001 §9), whiteboard stored and listed too; never a category or a DM. */
export const CREATABLE_CHANNEL_TYPES = ['text', 'todo', 'watchstream', 'voice', 'announcement', 'whiteboard'] as const;

/** A watch-stream channel's stream: Twitch or Kick and the streamer's username (4–25). */
export const streamDataSchema = z.object({
  streamPlatform: z.enum(LIMITS.streamPlatforms, { error: 'stream_platform_invalid' }),
  streamChannel: nameText({ max: LIMITS.streamChannel.max * 4, error: 'stream_channel_length' })
    .min(LIMITS.streamChannel.min, 'stream_channel_length')
    .max(LIMITS.streamChannel.max, 'stream_channel_length'),
});

export const createChannelRequestSchema = z
  .object({
    name: channelNameSchema,
    type: z.enum(CREATABLE_CHANNEL_TYPES, { error: 'channel_type_invalid' }),
    /** A category of the same team (checked by the server), or none. */
    categoryId: snowflakeSchema.nullable().optional(),
    additionalData: streamDataSchema.nullable().optional(),
  })
  .refine((v) => v.type !== 'watchstream' || v.additionalData, { message: 'stream_channel_length', path: ['additionalData', 'streamChannel'] })
  .refine((v) => v.type === 'watchstream' || !v.additionalData, { message: 'stream_data_unsupported', path: ['additionalData'] });
export type CreateChannelRequest = z.input<typeof createChannelRequestSchema>;

/** The settings a channel's overview tab edits; absent fields keep their value. */
export const updateChannelRequestSchema = z.object({
  name: channelNameSchema.optional(),
  description: text({ max: LIMITS.channelDescription.max, multiline: true, error: 'channel_description_too_long' }).nullable().optional(),
  rateLimitPerUser: z.number({ error: 'slowmode_range' }).int('slowmode_range').min(0, 'slowmode_range').max(LIMITS.slowmode.max, 'slowmode_range').optional(),
  userLimit: z
    .number({ error: 'user_limit_range' })
    .int('user_limit_range')
    .min(LIMITS.userLimit.min, 'user_limit_range')
    .max(LIMITS.userLimit.max, 'user_limit_range')
    .optional(),
  nsfw: z.boolean().optional(),
  /** A watch-stream channel's stream, validated as at creation (the server refuses it for another type). */
  additionalData: streamDataSchema.optional(),
});
export type UpdateChannelRequest = z.input<typeof updateChannelRequestSchema>;

export const createCategoryRequestSchema = z.object({ name: categoryNameSchema });
export const updateCategoryRequestSchema = z.object({ name: categoryNameSchema });

/** One overwrite: the channel bits it allows and denies (both 0 removes it). */
export const overwriteRequestSchema = z.object({
  allow: z.number().int().min(0).max(0x7fffffff),
  deny: z.number().int().min(0).max(0x7fffffff),
});
export type OverwriteRequest = z.infer<typeof overwriteRequestSchema>;

export const channelResponseSchema = z.object({ success: successTrue, channel: channelSchema });
export const categoryResponseSchema = z.object({ success: successTrue, category: categorySchema });
const successSchema = z.object({ success: successTrue });

const teamParams = z.object({ teamId: snowflakeSchema });
const teamChannelParams = z.object({ teamId: snowflakeSchema, channelId: snowflakeSchema });
const teamCategoryParams = z.object({ teamId: snowflakeSchema, categoryId: snowflakeSchema });
const overwriteTarget = { targetKind: z.enum(['role', 'user']), targetId: snowflakeSchema };

export const createChannelEndpoint = defineEndpoint({
  ...ROUTES.createChannel,
  userRateLimit: 'teamSettings',
  summary: 'Create a channel (text, todo, watchstream with its stream, voice, announcement, whiteboard), optionally in a category of the team',
  permission: { team: 'MANAGE_CHANNELS' },
  params: teamParams,
  body: createChannelRequestSchema,
  response: channelResponseSchema,
  status: 201,
  bodyLimit: BODY_LIMIT.DEFAULT,
});

export const updateChannelEndpoint = defineEndpoint({
  ...ROUTES.updateChannel,
  userRateLimit: 'teamSettings',
  summary: "Edit a channel's name, description, slowmode, user limit, nsfw flag or (watch-stream) stream",
  permission: { channel: 'MANAGE_CHANNEL' },
  params: teamChannelParams,
  body: updateChannelRequestSchema,
  response: channelResponseSchema,
  bodyLimit: BODY_LIMIT.DEFAULT,
});

export const deleteChannelEndpoint = defineEndpoint({
  ...ROUTES.deleteChannel,
  userRateLimit: 'teamSettings',
  summary: 'Delete a channel and its messages',
  permission: { channel: 'MANAGE_CHANNEL' },
  params: teamChannelParams,
  response: successSchema,
});

export const cloneChannelEndpoint = defineEndpoint({
  ...ROUTES.cloneChannel,
  userRateLimit: 'teamSettings',
  summary: 'Copy a channel the caller sees (settings and overwrites, no messages) into the same category',
  permission: { team: 'MANAGE_CHANNELS' },
  params: teamChannelParams,
  response: channelResponseSchema,
  status: 201,
});

export const createCategoryEndpoint = defineEndpoint({
  ...ROUTES.createCategory,
  userRateLimit: 'teamSettings',
  summary: 'Create a category',
  permission: { team: 'MANAGE_CHANNELS' },
  params: teamParams,
  body: createCategoryRequestSchema,
  response: categoryResponseSchema,
  status: 201,
  bodyLimit: BODY_LIMIT.DEFAULT,
});

export const updateCategoryEndpoint = defineEndpoint({
  ...ROUTES.updateCategory,
  userRateLimit: 'teamSettings',
  summary: 'Rename a category',
  permission: { channel: 'MANAGE_CHANNEL', from: 'params.categoryId' },
  params: teamCategoryParams,
  body: updateCategoryRequestSchema,
  response: categoryResponseSchema,
  bodyLimit: BODY_LIMIT.DEFAULT,
});

export const deleteCategoryEndpoint = defineEndpoint({
  ...ROUTES.deleteCategory,
  userRateLimit: 'teamSettings',
  summary: 'Delete a category; its channels stay, uncategorised',
  permission: { channel: 'MANAGE_CHANNEL', from: 'params.categoryId' },
  params: teamCategoryParams,
  response: successSchema,
});

export const setChannelOverwriteEndpoint = defineEndpoint({
  ...ROUTES.setChannelOverwrite,
  userRateLimit: 'teamSettings',
  summary: "Set a role's or a user's allow and deny masks on a channel (both 0 removes them); only bits the caller holds there, only roles below them",
  permission: { channel: 'MANAGE_CHANNEL' },
  params: teamChannelParams.extend(overwriteTarget),
  body: overwriteRequestSchema,
  response: channelResponseSchema,
  bodyLimit: BODY_LIMIT.DEFAULT,
});

export const setCategoryOverwriteEndpoint = defineEndpoint({
  ...ROUTES.setCategoryOverwrite,
  userRateLimit: 'teamSettings',
  summary: "Set a role's or a user's allow and deny masks on a category (its channels inherit them); only bits the caller holds there, only roles below them",
  permission: { channel: 'MANAGE_CHANNEL', from: 'params.categoryId' },
  params: teamCategoryParams.extend(overwriteTarget),
  body: overwriteRequestSchema,
  response: categoryResponseSchema,
  bodyLimit: BODY_LIMIT.DEFAULT,
});

// ---- order (001 §7: drag-reorder, moving channels between categories) ----

const { channelOrder } = LIMITS;
const priorityOf = z
  .number({ error: 'channel_order_invalid' })
  .int('channel_order_invalid')
  .min(0, 'channel_order_invalid')
  .max(channelOrder.priorityMax, 'channel_order_invalid');

/** One channel's place among the channels of its category (or the uncategorised ones): lower priorities first. */
export const channelPlaceSchema = z.object({ id: snowflakeSchema, priority: priorityOf });
export type ChannelPlace = z.infer<typeof channelPlaceSchema>;

/**
 * The order of some channels of one category (or of the uncategorised ones): each named once, each
 * place once. Channels not named keep their priority.
 */
export const reorderChannelsRequestSchema = z.object({
  channels: z
    .array(channelPlaceSchema)
    .min(1, 'channel_order_invalid')
    .max(channelOrder.max, 'channel_order_invalid')
    .refine((places) => new Set(places.map((p) => p.id)).size === places.length && new Set(places.map((p) => p.priority)).size === places.length, {
      message: 'channel_order_duplicate',
      abort: true,
    }),
});
export type ReorderChannelsRequest = z.infer<typeof reorderChannelsRequestSchema>;

/** The team's categories that the caller sees, each once, first to last. */
export const reorderCategoriesRequestSchema = z.object({
  categories: z
    .array(snowflakeSchema)
    .max(channelOrder.max, 'category_order_invalid')
    .refine((ids) => new Set(ids).size === ids.length, { message: 'category_order_invalid', abort: true }),
});
export type ReorderCategoriesRequest = z.infer<typeof reorderCategoriesRequestSchema>;

/** Moving a channel into a category, or out of its category: its place there (absent: after the channels already there). */
export const moveChannelRequestSchema = z.object({ priority: priorityOf.optional() });
export type MoveChannelRequest = z.infer<typeof moveChannelRequestSchema>;

export const channelsResponseSchema = z.object({ success: successTrue, channels: z.array(channelSchema) });
export const categoriesResponseSchema = z.object({ success: successTrue, categories: z.array(categorySchema) });

const categoryChannelParams = z.object({ teamId: snowflakeSchema, categoryId: snowflakeSchema, channelId: snowflakeSchema });
const orderBodyLimit = BODY_LIMIT.DEFAULT * 2;

export const reorderCategoriesEndpoint = defineEndpoint({
  ...ROUTES.reorderCategories,
  userRateLimit: 'teamSettings',
  summary: 'Order the categories (every category of the team the caller sees, first to last); answers them in their new order',
  permission: { team: 'MANAGE_CHANNELS' },
  params: teamParams,
  body: reorderCategoriesRequestSchema,
  response: categoriesResponseSchema,
  bodyLimit: orderBodyLimit,
});

export const addChannelToCategoryEndpoint = defineEndpoint({
  ...ROUTES.addChannelToCategory,
  userRateLimit: 'teamSettings',
  summary: 'Move a channel into a category of the team (from another one or from none), at `priority` or after its channels',
  permission: { team: 'MANAGE_CHANNELS' },
  params: categoryChannelParams,
  body: moveChannelRequestSchema,
  response: channelResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const removeChannelFromCategoryEndpoint = defineEndpoint({
  ...ROUTES.removeChannelFromCategory,
  userRateLimit: 'teamSettings',
  summary: 'Take a channel out of its category (uncategorised), at `priority` or after the uncategorised channels',
  permission: { team: 'MANAGE_CHANNELS' },
  params: categoryChannelParams,
  body: moveChannelRequestSchema,
  response: channelResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const reorderCategoryChannelsEndpoint = defineEndpoint({
  ...ROUTES.reorderCategoryChannels,
  userRateLimit: 'teamSettings',
  summary: "Set the priorities of channels of a category (ids and priorities each once); answers the category's channels in order",
  permission: { team: 'MANAGE_CHANNELS' },
  params: teamCategoryParams,
  body: reorderChannelsRequestSchema,
  response: channelsResponseSchema,
  bodyLimit: orderBodyLimit,
});

export const reorderUncategorisedChannelsEndpoint = defineEndpoint({
  ...ROUTES.reorderUncategorisedChannels,
  userRateLimit: 'teamSettings',
  summary: 'Set the priorities of uncategorised channels (ids and priorities each once); answers the uncategorised channels in order',
  permission: { team: 'MANAGE_CHANNELS' },
  params: teamParams,
  body: reorderChannelsRequestSchema,
  response: channelsResponseSchema,
  bodyLimit: orderBodyLimit,
});
