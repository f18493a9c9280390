import { z } from 'zod';
import { LIMITS } from '../limits';
import { snowflakeSchema } from './common';
import { defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { text } from './text';

/** A team's own emoji (spec 001 §3 Emoji): its id is the reaction's `emojiId`. */
export const customEmojiSchema = z.object({ id: z.string(), teamId: z.string(), name: z.string(), url: z.string() });
export type CustomEmoji = z.infer<typeof customEmojiSchema>;

/**
 * The reactions of one emoji on a message (spec 001 §3 Reaction). `emojiId`: a standard emoji's
 * character(s), or a team emoji's id (digits only). `users`: the first who reacted, oldest first, at
 * most LIMITS.reactions.usersShown of the `count`. `me`: the caller is one of them (lists and reads;
 * false where no caller is meant). `emoji`: a team emoji's name and image, null for a standard one
 * (or a team emoji deleted since).
 */
export const reactionSchema = z.object({
  emojiId: z.string(),
  count: z.number().int(),
  users: z.array(z.string()),
  me: z.boolean(),
  emoji: customEmojiSchema.pick({ name: true, url: true }).nullable(),
});
export type Reaction = z.infer<typeof reactionSchema>;

/** Whether a reaction's emoji id names a team emoji (a snowflake) rather than a standard emoji. */
export function isCustomEmojiId(emojiId: string): boolean {
  return /^\d+$/.test(emojiId);
}

/** One emoji on one message: `emoji` is a standard emoji (URL-encoded in the path) or a team emoji's id. */
export const reactionParamsSchema = z.object({
  channelId: snowflakeSchema,
  messageId: snowflakeSchema,
  emoji: text({ max: LIMITS.reactions.emojiMax, error: 'reaction_emoji_invalid', tooLong: 'reaction_emoji_invalid' }).min(1, 'reaction_emoji_invalid'),
});

/** The team emoji the user may pick from: those of every team they belong to (GET /api/me/reactions). */
export const myEmojisResponseSchema = z.object({ success: z.literal(true), reactions: z.array(customEmojiSchema) });

const successSchema = z.object({ success: z.literal(true) });

// ---- endpoints ----

export const addReactionEndpoint = defineEndpoint({
  ...ROUTES.addReaction,
  userRateLimit: 'reactions',
  summary: `React to a message with an emoji (at most ${LIMITS.reactions.distinctPerMessage} different ones per message); publishes MESSAGE_REACTION_ADDED. Who may not send may not react: 403 verify_your_email (an unverified address where it is required), and in a direct chat 403 when it is read-only or blocked either way, or the other person no longer accepts direct messages (dm_blocked, dm_not_accepted, dm_friends_only, dm_fof_only)`,
  permission: { channel: 'CAN_SEE_MESSAGE_HISTORY' },
  params: reactionParamsSchema,
  response: successSchema,
});

export const removeReactionEndpoint = defineEndpoint({
  ...ROUTES.removeReaction,
  userRateLimit: 'reactions',
  summary: "Take one's own reaction back; publishes MESSAGE_REACTION_REMOVED",
  permission: { channel: 'CAN_SEE_MESSAGE_HISTORY' },
  params: reactionParamsSchema,
  response: successSchema,
});

export const myEmojisEndpoint = defineEndpoint({
  ...ROUTES.myEmojis,
  summary: "The emoji of the user's teams, for the emoji picker",
  response: myEmojisResponseSchema,
});
