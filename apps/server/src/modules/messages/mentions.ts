import type { MessageMentions } from '@rally/shared/api/messages';
import { collectMentions } from '@rally/shared/markdown/mentions';
import { parseMarkdown } from '@rally/shared/markdown/parse';
import { hasBit, TeamPermission } from '@rally/shared/permissions';
import type { Executor } from '../../db/client';
import { isDmAccess, type AnyChannelAccess } from '../permissions/access';
import { mentionRepository, type MentionRepository } from './mention-repository';

/** No one mentioned. */
export const NO_MENTIONS: MessageMentions = { users: [], roles: [], everyone: false, here: false };

/** At most this many distinct users and roles of one message are resolved (the rest stay text for notifications). */
export const MENTIONS_MAX = { users: 100, roles: 50 } as const;

/**
 * Whom a message's text mentions, as stored in messages.mentions and used for highlights and
 * notifications (docs/message-format.md). Syntax outside code only (`<@id>`, `<@&id>`, @everyone,
 * @here: the shared parser decides, as the browser does). Kept only:
 * - users who are members of the team (of the direct chat, for a DM);
 * - roles of the team (not its default role, which is @everyone) that are mentionable, or any role
 *   when the author holds MENTION_EVERYONE_AND_HERE (as Discord's "mention @everyone, @here and all
 *   roles");
 * - @everyone and @here only with MENTION_EVERYONE_AND_HERE (otherwise they are plain text); never
 *   in a DM.
 * Used by send and by edit (an edit re-resolves). Reads nothing when the text cannot hold a mention.
 */
export async function resolveMentions(
  db: Executor,
  { access }: AnyChannelAccess,
  content: string,
  repo: MentionRepository = mentionRepository,
): Promise<MessageMentions> {
  if (!content.includes('<@') && !content.includes('@everyone') && !content.includes('@here')) return NO_MENTIONS;
  const syntax = collectMentions(parseMarkdown(content));
  const userIds = syntax.users.slice(0, MENTIONS_MAX.users);

  if (isDmAccess(access)) {
    const members = new Set(access.memberIds);
    return { ...NO_MENTIONS, users: userIds.filter((id) => members.has(id)) };
  }

  const mayMentionAll = hasBit(access.teamPermissions, TeamPermission.MENTION_EVERYONE_AND_HERE);
  const wanted = new Set(syntax.roles.slice(0, MENTIONS_MAX.roles));
  const roles = access.roles.filter((r) => wanted.has(r.id) && r.id !== access.team.id && (r.mentionable || mayMentionAll)).map((r) => r.id);
  const users = await repo.teamMemberIds(db, access.team.id, userIds);
  return {
    users: ordered(userIds, users),
    roles: ordered([...wanted], roles),
    everyone: syntax.everyone && mayMentionAll,
    here: syntax.here && mayMentionAll,
  };
}

/** `kept` in the order of `all` (the order of the text). */
function ordered(all: string[], kept: string[]): string[] {
  const set = new Set(kept);
  return all.filter((id) => set.has(id));
}
