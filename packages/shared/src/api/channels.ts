import { z } from 'zod';
import { LIMITS } from '../limits';
import { snowflakeSchema } from './common';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { categorySchema, channelSchema } from './teams';
import { nameText, text } from './text';

/** Channel and category management (spec 001 §5, §9): create, edit, clone, delete, overwrites. */

const successTrue = z.literal(true);

/** A lone UTF-16 surrogate cannot be stored (PostgreSQL text is UTF-8): refused like other bad characters. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (schema: z.ZodString) => schema.refine((v) => !LONE_SURROGATE.test(v), { message: 'text_invalid_characters', abort: true });

/** Trimmed, bidi controls removed; 1–20 characters with the spec's text. */
export const channelNameSchema = wellFormed(nameText({ max: LIMITS.channelName.max * 4, error: 'channel_name_length' }))
  .min(LIMITS.channelName.min, 'channel_name_length')
  .max(LIMITS.channelName.max, 'channel_name_length');

export const categoryNameSchema = wellFormed(nameText({ max: LIMITS.categoryName.max * 4, error: 'category_name_length' }))
  .min(LIMITS.categoryName.min, 'category_name_length')
  .max(LIMITS.categoryName.max, 'category_name_length');

/** The types offered at creation (001 §9), whiteboard stored and listed too; never a category or a DM. */
export const CREATABLE_CHANNEL_TYPES = ['text', 'todo', 'watchstream', 'voice', 'announcement', 'whiteboard'] as const;

/** A watch-stream channel's stream: Twitch or Kick and the streamer's username (4–25). */
export const streamDataSchema = z.object({
  streamPlatform: z.enum(LIMITS.streamPlatforms, { error: 'stream_platform_invalid' }),
  streamChannel: wellFormed(nameText({ max: LIMITS.streamChannel.max * 4, error: 'stream_channel_length' }))
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
  description: wellFormed(text({ max: LIMITS.channelDescription.max, multiline: true, error: 'channel_description_too_long' }))
    .nullable()
    .optional(),
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
  summary: "Edit a channel's name, description, slowmode, user limit, nsfw flag or (watch-stream) stream",
  permission: { channel: 'MANAGE_CHANNEL' },
  params: teamChannelParams,
  body: updateChannelRequestSchema,
  response: channelResponseSchema,
  bodyLimit: BODY_LIMIT.DEFAULT,
});

export const deleteChannelEndpoint = defineEndpoint({
  ...ROUTES.deleteChannel,
  summary: 'Delete a channel and its messages',
  permission: { channel: 'MANAGE_CHANNEL' },
  params: teamChannelParams,
  response: successSchema,
});

export const cloneChannelEndpoint = defineEndpoint({
  ...ROUTES.cloneChannel,
  summary: 'Copy a channel the caller sees (settings and overwrites, no messages) into the same category',
  permission: { team: 'MANAGE_CHANNELS' },
  params: teamChannelParams,
  response: channelResponseSchema,
  status: 201,
});

export const createCategoryEndpoint = defineEndpoint({
  ...ROUTES.createCategory,
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
  summary: 'Rename a category',
  permission: { channel: 'MANAGE_CHANNEL', from: 'params.categoryId' },
  params: teamCategoryParams,
  body: updateCategoryRequestSchema,
  response: categoryResponseSchema,
  bodyLimit: BODY_LIMIT.DEFAULT,
});

export const deleteCategoryEndpoint = defineEndpoint({
  ...ROUTES.deleteCategory,
  summary: 'Delete a category; its channels stay, uncategorised',
  permission: { channel: 'MANAGE_CHANNEL', from: 'params.categoryId' },
  params: teamCategoryParams,
  response: successSchema,
});

export const setChannelOverwriteEndpoint = defineEndpoint({
  ...ROUTES.setChannelOverwrite,
  summary: "Set a role's or a user's allow and deny masks on a channel (both 0 removes them); only bits the caller holds there, only roles below them",
  permission: { channel: 'MANAGE_CHANNEL' },
  params: teamChannelParams.extend(overwriteTarget),
  body: overwriteRequestSchema,
  response: channelResponseSchema,
  bodyLimit: BODY_LIMIT.DEFAULT,
});

export const setCategoryOverwriteEndpoint = defineEndpoint({
  ...ROUTES.setCategoryOverwrite,
  summary: "Set a role's or a user's allow and deny masks on a category (its channels inherit them); only bits the caller holds there, only roles below them",
  permission: { channel: 'MANAGE_CHANNEL', from: 'params.categoryId' },
  params: teamCategoryParams.extend(overwriteTarget),
  body: overwriteRequestSchema,
  response: categoryResponseSchema,
  bodyLimit: BODY_LIMIT.DEFAULT,
});
