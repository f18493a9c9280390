import type { Executor } from '../../db/client';
import { publishEvent } from '../../lib/events';
import type { ServiceDeps } from '../../lib/service-deps';
import { newId } from '../../lib/snowflake';
import { canView, type TeamAccess } from '../permissions/access';
import { findUserById } from '../users/repository';
import { toMessage } from './mappers';
import { insertMessage, type MessageRow } from './repository';

/**
 * Where a team's system messages go: the channel a new member opens first, i.e. the text channel
 * of lowest priority (ties: the oldest) that a member holding only @everyone may view (the web's
 * pickDefaultChannel opens the first text channel by priority). Null: none (no system message).
 * `access` is such a member's (a member who has just joined holds only @everyone).
 */
export function systemChannelOf(access: TeamAccess): string | null {
  const candidates = access.channels.filter((c) => c.type === 'text' && canView(access, c));
  candidates.sort((a, b) => a.priority - b.priority || (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  return candidates[0]?.id ?? null;
}

/**
 * Inside the join transaction: the system message "<user> joined the team." (type 'system', empty
 * content, the joiner as its author; clients render the text in their language) in the team's
 * system channel, or null when the team has none.
 */
export async function insertJoinMessage(tx: Executor, access: TeamAccess): Promise<MessageRow | null> {
  const channelId = systemChannelOf(access);
  if (!channelId) return null;
  return insertMessage(tx, { id: newId(), channelId, authorId: access.userId, content: '', type: 'system' });
}

/** After the commit: the system message to its channel's viewers, as any message (MESSAGE_SEND). */
export async function publishSystemMessage(deps: ServiceDeps, row: MessageRow): Promise<void> {
  const author = await findUserById(deps.db, row.authorId);
  if (!author) return;
  const message = toMessage(row, { id: author.id, username: author.username, profilePicture: author.profilePicture, presence: author.presence });
  await publishEvent(deps, { audience: { kind: 'channel', channelId: row.channelId }, event: { type: 'MESSAGE_SEND', data: message } });
}
