import { z } from 'zod';
import { snowflakeSchema } from './common';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { messageSchema, sendMessageRequestSchema } from './messages';
import { ROUTES } from './routes';

/** One message of a channel, by the path's `channelId` and `messageId`. */
export const messageParamsSchema = z.object({ channelId: snowflakeSchema, messageId: snowflakeSchema });

/**
 * One message. `scheduledDate`: the time a scheduled message was scheduled for (it was sent then),
 * null for any other message.
 */
export const getMessageResponseSchema = z.object({ success: z.literal(true), message: messageSchema, scheduledDate: z.string().nullable() });

/**
 * An edit: the new text, under the same rules as a send (not blank nor only a heading marker, the
 * author's length limit: 2000, or 5000 with PREMIUM, checked by the server).
 */
export const editMessageRequestSchema = z.object({ content: sendMessageRequestSchema.shape.content });
export type EditMessageRequest = z.infer<typeof editMessageRequestSchema>;

export const editMessageResponseSchema = z.object({ success: z.literal(true), message: messageSchema });

/** The reasons a message may be reported for (spec 001 §5 Report). */
export const REPORT_REASONS = ['SPAM', 'INAPPROPRIATE', 'HARASSMENT', 'ABUSE', 'HATE_SPEECH', 'VIOLENCE', 'UNDERAGE', 'OTHER'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report: one of the reasons, required ('Please select a reason'). */
export const reportMessageRequestSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'report_reason_required' }),
});
export type ReportMessageRequest = z.infer<typeof reportMessageRequestSchema>;

const successSchema = z.object({ success: z.literal(true) });

// ---- endpoints ----

export const getMessageEndpoint = defineEndpoint({
  ...ROUTES.getMessage,
  summary: 'One message of a channel (not deleted), with the time it was scheduled for',
  permission: { channel: 'CAN_SEE_MESSAGE_HISTORY' },
  params: messageParamsSchema,
  response: getMessageResponseSchema,
});

export const editMessageEndpoint = defineEndpoint({
  ...ROUTES.editMessage,
  userRateLimit: 'messageChange',
  summary: "Edit one's own message (same content rules as a send); publishes MESSAGE_UPDATED",
  permission: { channel: 'VIEW_CHANNEL' },
  params: messageParamsSchema,
  body: editMessageRequestSchema,
  response: editMessageResponseSchema,
  bodyLimit: BODY_LIMIT.MESSAGE,
});

export const deleteMessageEndpoint = defineEndpoint({
  ...ROUTES.deleteMessage,
  userRateLimit: 'messageChange',
  summary: "Delete a message: one's own, or any with MANAGE_MESSAGES on the channel (DELETE_MESSAGES in the team brings it); publishes MESSAGE_DELETED",
  permission: { channel: 'VIEW_CHANNEL' },
  params: messageParamsSchema,
  response: successSchema,
});

export const reportMessageEndpoint = defineEndpoint({
  ...ROUTES.reportMessage,
  summary: "Report another member's message that the caller can see, once, with a reason",
  params: z.object({ messageId: snowflakeSchema }),
  body: reportMessageRequestSchema,
  response: successSchema,
  status: 201,
  bodyLimit: BODY_LIMIT.SMALL,
});
