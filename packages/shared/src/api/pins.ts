import { z } from 'zod';
import { channelParamsSchema } from './common';
import { defineEndpoint } from './endpoint';
import { messageParamsSchema } from './message-actions';
import { messageSchema } from './messages';
import { ROUTES } from './routes';

/** A pinned message: the message (with the caller's view of its reactions), when it was pinned and by whom (null: an account that is gone). */
export const pinSchema = z.object({ message: messageSchema, pinnedAt: z.string(), pinnedBy: z.string().nullable() });
export type Pin = z.infer<typeof pinSchema>;

/** A channel's pins, newest pin first (at most LIMITS.pins.perChannel, so no paging). */
export const listPinsResponseSchema = z.object({ success: z.literal(true), pins: z.array(pinSchema) });

const successSchema = z.object({ success: z.literal(true) });

// ---- endpoints ----

export const listPinsEndpoint = defineEndpoint({
  ...ROUTES.listPins,
  summary: "A channel's or direct chat's pinned messages, newest pin first",
  permission: { channel: 'CAN_SEE_MESSAGE_HISTORY' },
  params: channelParamsSchema,
  response: listPinsResponseSchema,
});

export const pinMessageEndpoint = defineEndpoint({
  ...ROUTES.pinMessage,
  userRateLimit: 'messageChange',
  summary:
    'Pin a message (at most 50 per channel: 400 pins_limit_reached): posts "<user> pinned a message." and publishes CHANNEL_PINS_UPDATED; a pinned one stays as it is',
  permission: { channel: 'MANAGE_MESSAGES', dm: 'member' },
  params: messageParamsSchema,
  response: successSchema,
});

export const unpinMessageEndpoint = defineEndpoint({
  ...ROUTES.unpinMessage,
  userRateLimit: 'messageChange',
  summary: 'Unpin a message: publishes CHANNEL_PINS_UPDATED; an unpinned one stays as it is',
  permission: { channel: 'MANAGE_MESSAGES', dm: 'member' },
  params: messageParamsSchema,
  response: successSchema,
});
