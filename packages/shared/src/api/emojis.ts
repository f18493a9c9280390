import { z } from 'zod';
import { LIMITS } from '../limits';
import { snowflakeSchema } from './common';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { customEmojiSchema } from './reactions';
import { ROUTES } from './routes';
import { text } from './text';

/**
 * Team emoji (spec 001 §2 team settings, §6, §7 Emoji, §9): a team's own images, used in its
 * messages as `<:name:id>` (docs/message-format.md) and as reactions. Each is stored as webp at
 * `emojis/{id}.webp` (CUSTOM_EMOJI_PATH), so a message names only the id and no lookup is needed
 * to show it.
 */

/** What an emoji's name may be after the client's clean-up (emojiNameFrom): ASCII letters, digits and underscores. */
export const EMOJI_NAME_PATTERN = /^\w+$/;

/**
 * A name as the spec's emoji form makes it (001 §6): spaces become underscores, anything not a
 * letter, digit or underscore is removed, at most LIMITS.emoji.nameMax characters. May be empty
 * (the form then keeps the old name; an upload names the file `emoji`).
 */
export function emojiNameFrom(raw: string): string {
  return raw
    .slice(0, 4 * LIMITS.emoji.nameMax)
    .replace(/ /g, '_')
    .replace(/\W/g, '')
    .slice(0, LIMITS.emoji.nameMax);
}

/** Where a team emoji's image is served, on Rally's own origin, whatever the storage backend. */
export function customEmojiPath(id: string): string {
  return `/uploads/emojis/${id}.webp`;
}

/** The `<:name:id>` text of a team emoji in a message's content. */
export function customEmojiToken(emoji: { id: string; name: string }): string {
  return `<:${emoji.name}:${emoji.id}>`;
}

/** A team emoji as the team's settings list it: who uploaded it (null once that account is gone) and when. */
export const teamEmojiSchema = customEmojiSchema.extend({
  createdAt: z.string(),
  creator: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type TeamEmoji = z.infer<typeof teamEmojiSchema>;

export const emojiNameSchema = text({ max: LIMITS.emoji.nameMax, error: 'emoji_name_invalid', tooLong: 'emoji_name_invalid' })
  .min(1, 'emoji_name_invalid')
  .regex(EMOJI_NAME_PATTERN, 'emoji_name_invalid');

const teamParamsSchema = z.object({ teamId: snowflakeSchema });
const emojiParamsSchema = z.object({ teamId: snowflakeSchema, emojiId: snowflakeSchema });

export const teamEmojisResponseSchema = z.object({ success: z.literal(true), reactions: z.array(teamEmojiSchema) });
export const uploadEmojisResponseSchema = teamEmojisResponseSchema.extend({ message: z.string() });
export const renameEmojiBodySchema = z.object({ name: emojiNameSchema });
export const teamEmojiResponseSchema = z.object({ success: z.literal(true), reaction: teamEmojiSchema });
const successSchema = z.object({ success: z.literal(true) });

/** The multipart field of POST …/bulk-reactions: one part per file. */
export const EMOJI_UPLOAD_FIELD = 'emojis';
/** The formats an emoji file may be, told by content (001 §6: webp, png, gif). */
export const EMOJI_UPLOAD_FORMATS = ['webp', 'png', 'gif'] as const;

// ---- endpoints ----

export const listTeamEmojisEndpoint = defineEndpoint({
  ...ROUTES.listTeamEmojis,
  summary: "The team's emoji, oldest first",
  permission: { team: 'member' },
  params: teamParamsSchema,
  response: teamEmojisResponseSchema,
});

export const uploadTeamEmojisEndpoint = defineEndpoint({
  ...ROUTES.uploadTeamEmojis,
  userRateLimit: 'teamSettings',
  summary: `Add emoji (multipart/form-data: files \`${EMOJI_UPLOAD_FIELD}\`, at most ${LIMITS.emoji.perUpload} of webp, png or gif ≤ 1 MB, each named after its file; at most ${LIMITS.emoji.perTeam} per team); publishes TEAM_EMOJIS_UPDATED`,
  permission: { team: 'MANAGE_TEAM' },
  params: teamParamsSchema,
  response: uploadEmojisResponseSchema,
  status: 201,
  // For a body that is not multipart (refused with 415 unread beyond this); the parts are limited one by one.
  bodyLimit: BODY_LIMIT.SMALL,
});

export const renameTeamEmojiEndpoint = defineEndpoint({
  ...ROUTES.renameTeamEmoji,
  userRateLimit: 'teamSettings',
  summary: 'Rename a team emoji (letters, digits and underscores, unique in the team); publishes TEAM_EMOJIS_UPDATED',
  permission: { team: 'MANAGE_TEAM' },
  params: emojiParamsSchema,
  body: renameEmojiBodySchema,
  response: teamEmojiResponseSchema,
});

export const deleteTeamEmojiEndpoint = defineEndpoint({
  ...ROUTES.deleteTeamEmoji,
  userRateLimit: 'teamSettings',
  summary: 'Delete a team emoji (messages then show its name; its reactions stay, without the image); publishes TEAM_EMOJIS_UPDATED',
  permission: { team: 'MANAGE_TEAM' },
  params: emojiParamsSchema,
  response: successSchema,
});
