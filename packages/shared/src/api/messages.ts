import { z } from 'zod';
import { LIMITS } from '../limits';
import { snowflakeSchema } from './common';
import { presenceSchema } from './users';

export const messageAuthorSchema = z.object({
  id: z.string(),
  username: z.string(),
  profilePicture: z.string().nullable(),
  presence: presenceSchema,
});

export const messageSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  createdBy: messageAuthorSchema,
  replyTo: z.string().nullable(),
  type: z.enum(['text', 'scheduled']),
  attachments: z.array(z.unknown()),
  embeds: z.array(z.unknown()),
  reactions: z.array(z.object({ emojiId: z.string(), count: z.number().int(), users: z.array(z.string()) })),
  mentions: z.object({ users: z.array(z.string()), roles: z.array(z.string()), everyone: z.boolean(), here: z.boolean() }),
  /** Echoed from the send request so that the sender can replace its pending copy. */
  nonce: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** Length limit of a message for a user, by the PREMIUM flag. */
export function messageLimit(premium: boolean): number {
  return premium ? LIMITS.message.premiumMax : LIMITS.message.max;
}

/** The body; the length limit depends on the sender (see messageLimit), so it is checked in the service too. */
export const sendMessageRequestSchema = z.object({
  content: z
    .string()
    .max(LIMITS.message.premiumMax, 'message_too_long')
    .refine((v) => v.trim().length > 0 && !/^#+$/.test(v.trim()), 'message_empty'),
  nonce: z.string().max(LIMITS.nonce.max).optional().nullable(),
  replyTo: snowflakeSchema.optional().nullable(),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

export const listMessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.message.pageSize).optional().default(LIMITS.message.pageSize),
  /** Messages to skip from the newest (spec's paging); prefer `before`. */
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
  /** Keyset paging: messages older than this id. */
  before: snowflakeSchema.optional(),
  /** Keyset paging: messages newer than this id. */
  after: snowflakeSchema.optional(),
});
export type ListMessagesQuery = z.infer<typeof listMessagesQuerySchema>;

/** Messages are returned oldest first within the page. */
export const listMessagesResponseSchema = z.object({
  success: z.literal(true),
  messages: z.array(messageSchema),
  replyMessages: z.array(messageSchema),
  hasMore: z.boolean(),
});

export const sendMessageResponseSchema = z.object({ success: z.literal(true), message: messageSchema });
