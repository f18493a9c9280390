import { customEmojiToken } from '@rally/shared/api/emojis';
import { UserFlags } from '@rally/shared/api/users';
import { collectCustomEmoji, customEmojiTokens } from '@rally/shared/markdown/custom-emoji';
import { parseMarkdown } from '@rally/shared/markdown/parse';
import { ChannelPermission, hasBit } from '@rally/shared/permissions';
import type { Executor } from '../../db/client';
import { channelPermissions, isDmAccess, type AnyChannelAccess } from '../permissions/access';
import { emojiRepository, type NamedEmojiRow } from './repository';

/**
 * Why a team emoji may not be used where it is named (a message's text, a reaction), or null when
 * it may: one of the channel's team may always be used there; one of another team (or any, in a
 * direct chat) only by a member of its team (`not_member`) with PREMIUM (`not_premium`, spec 001
 * §6: Plus) and, in a team's channel, USE_EXTERNAL_EMOJIS there (`not_allowed_here`; a direct
 * chat has no such bit). Discord's rule for Nitro.
 */
export type EmojiRefusal = 'not_member' | 'not_premium' | 'not_allowed_here';

export function emojiRefusal(
  { access, channel }: AnyChannelAccess,
  user: { flags: number },
  emoji: Pick<NamedEmojiRow, 'teamId' | 'userIsMember'>,
): EmojiRefusal | null {
  const dm = isDmAccess(access);
  if (!dm && emoji.teamId === access.team.id) return null;
  if (!emoji.userIsMember) return 'not_member';
  if (!hasBit(user.flags, UserFlags.PREMIUM)) return 'not_premium';
  if (!dm && !hasBit(channelPermissions(access, channel), ChannelPermission.USE_EXTERNAL_EMOJIS)) return 'not_allowed_here';
  return null;
}

/**
 * A message's text with its team emoji as the author may send them (docs/message-format.md,
 * "Team emoji"): each `<:name:id>` the message shows becomes `<:currentName:id>` when the author may
 * use that emoji in the channel (emojiRefusal), else the plain text `:name:` (an emoji that does
 * not exist, was deleted, or is another team's without the rights). A token written only inside
 * code (or escaped) is left as written; when the same token is also shown, every copy is
 * rewritten. One statement, and only when the text shows an emoji.
 */
export async function usableEmojiContent(
  db: Executor,
  where: AnyChannelAccess,
  author: { flags: number },
  content: string,
  repo: Pick<typeof emojiRepository, 'findNamedEmojis'> = emojiRepository,
): Promise<string> {
  if (!content.includes('<:')) return content;
  const shown = new Set(collectCustomEmoji(parseMarkdown(content)).map(customEmojiToken));
  if (shown.size === 0) return content;
  const tokens = customEmojiTokens(content).filter((t) => shown.has(customEmojiToken(t)));
  const ids = [...new Set(tokens.map((t) => t.id))];
  const found = new Map((await repo.findNamedEmojis(db, ids, where.access.userId)).map((e) => [e.id, e]));
  let out = '';
  let from = 0;
  for (const token of tokens) {
    const emoji = found.get(token.id);
    const usable = emoji !== undefined && emojiRefusal(where, author, emoji) === null;
    out += content.slice(from, token.start) + (usable ? customEmojiToken(emoji) : `:${token.name}:`);
    from = token.end;
  }
  return out + content.slice(from);
}
