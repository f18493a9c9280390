import { z } from 'zod';
import { LIMITS } from '../limits';
import { attachmentRefSchema, attachmentSchema } from './attachments';
import { channelParamsSchema, snowflakeSchema } from './common';
import { embedSchema } from './embeds';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { reactionSchema } from './reactions';
import { scheduledAtSchema, scheduledMessageSchema } from './scheduled-messages';
import { text } from './text';
import { presenceSchema } from './users';

export const messageAuthorSchema = z.object({
  id: z.string(),
  username: z.string(),
  profilePicture: z.string().nullable(),
  presence: presenceSchema,
});

/** Who a message mentions: user ids, role ids, @everyone, @here (resolved by the server when it is sent or edited). */
export const messageMentionsSchema = z.object({ users: z.array(z.string()), roles: z.array(z.string()), everyone: z.boolean(), here: z.boolean() });
export type MessageMentions = z.infer<typeof messageMentionsSchema>;

export const messageSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  createdBy: messageAuthorSchema,
  /**
   * The message replied to. On a system message: null for "<user> joined the team.", the pinned
   * message for "<user> pinned a message." (see systemMessageKind).
   */
  replyTo: z.string().nullable(),
  type: z.enum(['text', 'scheduled', 'system']),
  /** Pinned to its channel (api/pins.ts); pins stay through edits, a deleted message loses its pin. */
  pinned: z.boolean(),
  /** Files sent with the message (api/attachments.ts), at most LIMITS.attachments.max. */
  attachments: z.array(attachmentSchema),
  /** Rich embeds (webhooks and bots; spec 001 §3 Embed, bounds of api/embeds.ts). */
  embeds: z.array(embedSchema),
  reactions: z.array(reactionSchema),
  mentions: messageMentionsSchema,
  /** Echoed from the send request so that the sender can replace its pending copy. */
  nonce: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** What a system message says: a member joined the team, or pinned the message it refers to (`replyTo`). */
export function systemMessageKind(message: Pick<Message, 'replyTo'>): 'joined' | 'pinned' {
  return message.replyTo === null ? 'joined' : 'pinned';
}

/** Length limit of a message for a user, by the PREMIUM flag. */
export function messageLimit(premium: boolean): number {
  return premium ? LIMITS.message.premiumMax : LIMITS.message.max;
}

/** Text or nothing: blank or only a heading marker (hashes) is not a message. */
export function isBlankMessage(content: string): boolean {
  const t = content.trim();
  return t.length === 0 || /^#+$/.test(t);
}

/** Message text: at most `max` characters (message_too_long with {max}). Blank only with attachments (sendBody). */
function messageContentSchema(max: number) {
  return text({ max, error: 'message_empty', tooLong: 'message_too_long', multiline: true });
}

/**
 * The send body. The length limit depends on the sender (see messageLimit): this schema only bounds
 * the content (LIMITS.message.inputMax, before anything else runs on it), and the server checks the
 * sender's own limit with their flags (message_too_long with {max}); a form uses
 * sendMessageRequestSchemaFor(premium).
 *
 * `scheduledAt` (spec 001 §7): send it then instead of now (future, at most 365 days ahead; see
 * scheduled-messages.ts). `type` is the spec's: 'scheduled' needs `scheduledAt`
 * (message_schedule_required); whether a time is given decides.
 *
 * `attachments`: uploads of the sender (POST /api/v1/upload, type attachment) by id, at most
 * LIMITS.attachments.max, each sent once. A message needs text that is not blank, or attachments
 * (message_empty).
 */
export const sendMessageRequestSchema = sendBody(messageContentSchema(LIMITS.message.inputMax));
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

/** The send body with the length limit of a sender (for client forms). */
export function sendMessageRequestSchemaFor(premium: boolean) {
  return sendBody(messageContentSchema(messageLimit(premium)));
}

/** The send body around a content schema (the request's bound, or a sender's limit). */
function sendBody(content: ReturnType<typeof messageContentSchema>) {
  return z
    .object({
      content,
      nonce: text({ max: LIMITS.nonce.max }).optional().nullable(),
      replyTo: snowflakeSchema.optional().nullable(),
      scheduledAt: scheduledAtSchema.optional().nullable(),
      type: z.enum(['text', 'scheduled'], { error: 'invalid_request' }).optional(),
      attachments: z
        .array(attachmentRefSchema, { error: 'invalid_request' })
        .max(LIMITS.attachments.max, 'attachments_too_many')
        .refine((refs) => new Set(refs.map((r) => r.id)).size === refs.length, 'attachment_invalid')
        .optional(),
    })
    .refine((b) => !isBlankMessage(b.content) || (b.attachments?.length ?? 0) > 0, { message: 'message_empty', path: ['content'] })
    .refine((b) => b.type !== 'scheduled' || !!b.scheduledAt, { message: 'message_schedule_required', path: ['scheduledAt'] });
}

/**
 * History paging, on the (channel_id, id desc) index:
 * - nothing: the newest `limit` messages;
 * - `before`: the `limit` messages just older than that id (scrolling up);
 * - `after`: the `limit` messages just newer than that id (catching up after a gap);
 * - `offset`: skip that many from the newest (or from `before`), the spec's paging; prefer `before`;
 * - `messageId`: the page around that message (001 §7 "?messageId={id} loads around one message"):
 *   it and the older ones up to half the limit, then the newer ones.
 * `after` and `messageId` combine with nothing else.
 */
export const listMessagesQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(LIMITS.message.pageSize).optional().default(LIMITS.message.pageSize),
    offset: z.coerce.number().int().min(0).max(100_000).optional(),
    before: snowflakeSchema.optional(),
    after: snowflakeSchema.optional(),
    messageId: snowflakeSchema.optional(),
  })
  .refine((q) => q.after === undefined || (q.before === undefined && q.offset === undefined), { message: 'invalid_request', path: ['after'] })
  .refine((q) => q.messageId === undefined || (q.before === undefined && q.after === undefined && q.offset === undefined), {
    message: 'invalid_request',
    path: ['messageId'],
  });
export type ListMessagesQuery = z.infer<typeof listMessagesQuerySchema>;

/**
 * Messages are returned oldest first within the page. `replyMessages` holds the messages that the
 * page's messages reply to but that are not in the page themselves. `hasMore`: there are more
 * messages beyond the page in the direction of paging (older, or newer with `after`); around a
 * message (`messageId`), older ones, and `hasNewer` says whether newer ones exist beyond the page.
 */
export const listMessagesResponseSchema = z.object({
  success: z.literal(true),
  messages: z.array(messageSchema),
  replyMessages: z.array(messageSchema),
  hasMore: z.boolean(),
  hasNewer: z.boolean().optional(),
});

/**
 * The message as sent; or, for a send with `scheduledAt`, the scheduled message that the scheduler
 * will send then (and no `message`).
 */
export const sendMessageResponseSchema = z.union([
  z.object({ success: z.literal(true), message: messageSchema }),
  z.object({ success: z.literal(true), scheduledMessage: scheduledMessageSchema }),
]);
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

// ---- endpoints ----

export const listMessagesEndpoint = defineEndpoint({
  ...ROUTES.listMessages,
  summary: "A page of a channel's messages (newest, before, after or offset), oldest first",
  permission: { channel: 'CAN_SEE_MESSAGE_HISTORY' },
  params: channelParamsSchema,
  query: listMessagesQuerySchema,
  response: listMessagesResponseSchema,
});

export const sendMessageEndpoint = defineEndpoint({
  ...ROUTES.sendMessage,
  userRateLimit: 'messageSend',
  summary: 'Send a message to a channel (per-user rate limit), or schedule it with scheduledAt',
  permission: { channel: 'SEND_MESSAGES' },
  params: channelParamsSchema,
  body: sendMessageRequestSchema,
  response: sendMessageResponseSchema,
  status: 201,
  bodyLimit: BODY_LIMIT.MESSAGE,
});
