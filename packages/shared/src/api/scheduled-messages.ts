import { z } from 'zod';
import { LIMITS } from '../limits';
import { attachmentSchema } from './attachments';
import { channelParamsSchema, snowflakeSchema } from './common';
import { defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { text } from './text';

const DAY_MS = 86_400_000;

/** The latest instant a message may be scheduled for, seen from `now` (spec 001 §5: up to 365 days ahead). */
export function latestScheduleMs(now: number = Date.now()): number {
  return now + LIMITS.scheduledMessage.maxDaysAhead * DAY_MS;
}

/**
 * When a message is to be sent: an ISO 8601 instant with its offset (`2026-05-01T18:30:00Z`,
 * `…+03:00`), in the future (message_schedule_past) and at most 365 days ahead
 * (message_schedule_too_far), both seen from the clock of whoever checks it.
 */
export const scheduledAtSchema = text({ max: 40, error: 'message_schedule_invalid' })
  .check(z.iso.datetime({ offset: true, error: 'message_schedule_invalid', abort: true }))
  .refine((v) => Date.parse(v) > Date.now(), { message: 'message_schedule_past', abort: true })
  .refine((v) => Date.parse(v) <= latestScheduleMs(), 'message_schedule_too_far');

/**
 * A message waiting to be sent by the scheduler (its author's view): what it will say, what it
 * replies to, when it will be sent (`scheduledAt`) and when it was scheduled (`createdAt`). Once
 * sent it is a message of type 'scheduled' created at `scheduledAt`, and leaves this list.
 */
export const scheduledMessageSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  content: z.string(),
  replyTo: z.string().nullable(),
  attachments: z.array(attachmentSchema),
  scheduledAt: z.string(),
  createdAt: z.string(),
});
export type ScheduledMessage = z.infer<typeof scheduledMessageSchema>;

/** The caller's own scheduled messages of a channel, the soonest first. */
export const listScheduledMessagesResponseSchema = z.object({ success: z.literal(true), scheduledMessages: z.array(scheduledMessageSchema) });

export const scheduledMessageParamsSchema = z.object({ channelId: snowflakeSchema, scheduledMessageId: snowflakeSchema });

// ---- endpoints ----

export const listScheduledMessagesEndpoint = defineEndpoint({
  ...ROUTES.listScheduledMessages,
  summary: "The caller's scheduled messages of a channel that are not sent yet, the soonest first",
  permission: { channel: 'VIEW_CHANNEL' },
  params: channelParamsSchema,
  response: listScheduledMessagesResponseSchema,
});

export const cancelScheduledMessageEndpoint = defineEndpoint({
  ...ROUTES.cancelScheduledMessage,
  summary: "Cancel one of the caller's scheduled messages before it is sent (404 once sent or cancelled)",
  permission: { channel: 'VIEW_CHANNEL' },
  params: scheduledMessageParamsSchema,
  response: z.object({ success: z.literal(true) }),
});
