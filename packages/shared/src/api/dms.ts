import { z } from 'zod';
import { LIMITS } from '../limits';
import { channelParamsSchema, snowflakeSchema } from './common';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { publicUserSchema } from './users';

/**
 * Direct chats (spec 001 §2 /chat and /chat/{dmId}, §3 Direct chat, §7 Friends and DMs): channels
 * of type 'DM' without a team. A chat of two is unique to the pair; a group chat has up to
 * LIMITS.dm.groupMembers people. Its messages go through the channel message endpoints.
 */

/** The newest message of a chat, for the list (its content cut at 100 characters; the list shows 25). */
export const dmLastMessageSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  content: z.string(),
  isDeleted: z.boolean(),
  /** Files sent with it: the preview names them when the message has no text. */
  attachmentCount: z.number().int().nonnegative(),
  createdBy: z.string(),
  type: z.enum(['text', 'scheduled', 'system']),
});
export type DmLastMessage = z.infer<typeof dmLastMessageSchema>;

/**
 * A chat as one member sees it: the other people in it (`users`, never the member), whether it is
 * a group, read-only (a system chat: nobody can write), and its newest message (null: none yet).
 * Unread counts come with the rest of the unread state (GET /api/v1/teams/unread, dmInfo).
 */
export const directChatSchema = z.object({
  id: z.string(),
  users: z.array(publicUserSchema),
  group: z.boolean(),
  readOnly: z.boolean(),
  createdAt: z.string(),
  lastMessage: dmLastMessageSchema.nullable(),
});
export type DirectChat = z.infer<typeof directChatSchema>;

/** The spec's body: the people to talk to, without the caller (a chat with oneself is not one). */
export const createDmRequestSchema = z.object({
  users: z
    .array(z.object({ id: snowflakeSchema }), { error: 'dm_users_required' })
    .min(1, 'dm_users_required')
    .max(LIMITS.dm.groupMembers - 1, 'dm_users_too_many'),
});
export type CreateDmRequest = z.input<typeof createDmRequestSchema>;

/** `hidden` false shows a hidden chat again; without a body the chat is hidden (the spec's call). */
export const hideDmRequestSchema = z.object({ hidden: z.boolean().default(true) });
export type HideDmRequest = z.input<typeof hideDmRequestSchema>;

export const createDmResponseSchema = z.object({ success: z.literal(true), dm: directChatSchema });
export const listDmsResponseSchema = z.object({ success: z.literal(true), dms: z.array(directChatSchema) });
const successSchema = z.object({ success: z.literal(true) });

// ---- endpoints ----

export const createDmEndpoint = defineEndpoint({
  ...ROUTES.createDm,
  summary:
    'Open a direct chat with one user (the existing one when there is one, shown again if hidden) or a group chat with several; each one must accept direct messages from the caller',
  body: createDmRequestSchema,
  response: createDmResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const listDmsEndpoint = defineEndpoint({
  ...ROUTES.listDms,
  summary: "The signed-in user's direct chats that are not hidden, the one with the newest message first",
  response: listDmsResponseSchema,
});

export const hideDmEndpoint = defineEndpoint({
  ...ROUTES.hideDm,
  summary: "Hide a direct chat from the caller's list (a new message in it shows it again), or show it again with { hidden: false }",
  params: channelParamsSchema,
  body: hideDmRequestSchema,
  // (Not a team channel's bit: the service finds the chat among the caller's, 404 channel_not_found otherwise.)
  permission: { none: "a direct chat: only its members find it (the team's channel bits do not apply)" },
  response: successSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});
