import { isBlankMessage, messageLimit, type MessageMentions } from '@rally/shared/api/messages';
import { UserFlags } from '@rally/shared/api/users';
import { hasBit } from '@rally/shared/permissions';
import { AppError, badRequest } from '../../lib/errors';
import type { AnyChannelAccess } from '../permissions/access';
import type { ServiceDeps } from '../../lib/service-deps';
import { usableEmojiContent } from '../emojis/usable';
import { resolveMentions } from './mentions';

/** What a message's text becomes once checked: the stored content and whom it mentions. */
export interface PreparedContent {
  content: string;
  mentions: MessageMentions;
}

/**
 * The one place where the text of a message being sent or edited is checked and prepared, so that
 * both follow the same rules: trimmed; blank or only a heading marker refused (message_empty) unless the message has attachments (`blankAllowed`);
 * longer than the author's limit refused (message_too_long with {max}: 2000, 5000 with PREMIUM),
 * before and after its team emoji are rewritten to what the author may use in the channel
 * (usableEmojiContent of emojis/usable.ts: `:name:` for the others, the current name for the rest).
 * Mentions are resolved here too, for the channel and the author's access, so that an edit
 * re-resolves them as a send resolves them (resolveMentions of mentions.ts).
 */
export async function prepareContent(
  deps: ServiceDeps,
  where: AnyChannelAccess,
  author: { flags: number },
  raw: string,
  options: { blankAllowed?: boolean } = {},
): Promise<PreparedContent> {
  const trimmed = raw.trim();
  if (isBlankMessage(trimmed) && !options.blankAllowed) throw badRequest('message_empty', { content: 'message_empty' });
  const max = messageLimit(hasBit(author.flags, UserFlags.PREMIUM));
  const tooLong = () => new AppError(400, 'message_too_long', { content: 'message_too_long' }, { max });
  if (trimmed.length > max) throw tooLong();
  // A current name longer than the one written could lengthen the text past the limit.
  const content = await usableEmojiContent(deps.db, where, author, trimmed);
  if (content.length > max) throw tooLong();
  return { content, mentions: await resolveMentions(deps.db, where, content) };
}
