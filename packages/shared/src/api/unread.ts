import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { messageParamsSchema } from './message-actions';
import { teamParamsSchema } from './teams';

/**
 * What the user has not read of one channel (a team's text channel or a DM): messages of others,
 * not deleted, newer than `lastReadId` and than the user's own newest message there (sending marks
 * a channel read), counted up to LIMITS.unread.countCap; `mentionCount` those of them that mention
 * the user (by name, by a role they hold, @everyone or @here). `lastReadId` is '0' when nothing was
 * marked read (a member's counting starts when they joined).
 */
export const channelUnreadSchema = z.object({
  channelId: z.string(),
  unreadCount: z.number().int(),
  mentionCount: z.number().int(),
  lastReadId: z.string(),
});
export type ChannelUnread = z.infer<typeof channelUnreadSchema>;

/** A team's channels with something unread, and its badge: the sum of their mentions. */
export const teamUnreadSchema = z.object({
  teamId: z.string(),
  channelInfo: z.array(channelUnreadSchema),
  badgingInfo: z.object({ mentionCount: z.number().int() }),
});
export type TeamUnread = z.infer<typeof teamUnreadSchema>;

/**
 * 001 §7 GET /api/v1/teams/unread: the teams (`teamInfo`) and direct chats (`dmInfo`) with
 * something unread; a team or channel that is not listed has nothing unread. Only channels the
 * user may view and whose history they may see are counted.
 */
export const unreadResponseSchema = z.object({
  success: z.literal(true),
  teamInfo: z.array(teamUnreadSchema),
  dmInfo: z.array(channelUnreadSchema),
});
export type UnreadResponse = z.infer<typeof unreadResponseSchema>;

const successSchema = z.object({ success: z.literal(true) });

// ---- endpoints ----

export const unreadEndpoint = defineEndpoint({
  ...ROUTES.unread,
  summary: "Unread messages and mentions of the caller's team channels and direct chats",
  response: unreadResponseSchema,
});

export const markTeamReadEndpoint = defineEndpoint({
  ...ROUTES.markTeamRead,
  summary: 'Mark every channel of the team that the caller may view as read (their sessions get MESSAGE_READ)',
  permission: { team: 'member' },
  params: teamParamsSchema,
  response: successSchema,
});

export const markUnreadEndpoint = defineEndpoint({
  ...ROUTES.markUnread,
  summary:
    "Mark Unread: the caller's read marker of the channel moves back to just before the message (404 message_not_found for one not in the channel); their sessions get MESSAGE_UNREAD with the channel's counts",
  permission: { channel: 'CAN_SEE_MESSAGE_HISTORY' },
  params: messageParamsSchema,
  response: successSchema,
});
