import type { EditMessageRequest } from '@rally/shared/api/message-actions';
import type { Message } from '@rally/shared/api/messages';
import { ChannelPermission, hasBit } from '@rally/shared/permissions';
import { forbidden, notFound } from '../../lib/errors';
import { publishEvent } from '../../lib/events';
import type { ServiceDeps } from '../../lib/service-deps';
import { recordAudit } from '../audit/service';
import { channelPermissions, isDmAccess, type AnyChannelAccess } from '../permissions/access';
import { publishPinChange } from '../pins/service';
import { reactionsFor } from '../reactions/service';
import { removeUploads, type StorageDeps } from '../uploads/records';
import { releaseHeldBy } from '../uploads/repository';
import { prepareContent } from './content';
import { toMessage } from './mappers';
import { messageRepository, type MessageRepository, type MessageWithAuthor } from './repository';

/** The message of the channel, not deleted, or 404 message_not_found (another channel's message is not found either). */
async function loadMessage(deps: ServiceDeps, channelId: string, messageId: string, repo: MessageRepository): Promise<MessageWithAuthor> {
  const found = await repo.findMessageWithAuthor(deps.db, channelId, messageId);
  if (!found) throw notFound('message_not_found');
  return found;
}

/** A message as `viewerId` reads it: with the reactions and whether they are among them. */
async function withReactions(deps: ServiceDeps, { message, author }: MessageWithAuthor, viewerId: string): Promise<Message> {
  const reactions = await reactionsFor(deps.db, [message.id], viewerId);
  return toMessage(message, author, reactions.get(message.id));
}

/**
 * One message of the channel (the endpoint checked CAN_SEE_MESSAGE_HISTORY), with the caller's
 * view of its reactions. `scheduledDate`: for a message that was scheduled, the time it was
 * scheduled for (it was sent then, so its creation time); null otherwise.
 */
export async function getMessage(
  deps: ServiceDeps,
  { access, channel }: AnyChannelAccess,
  messageId: string,
  repo: MessageRepository = messageRepository,
): Promise<{ message: Message; scheduledDate: string | null }> {
  const found = await loadMessage(deps, channel.id, messageId, repo);
  const message = await withReactions(deps, found, access.userId);
  return { message, scheduledDate: message.type === 'scheduled' ? message.createdAt : null };
}

/**
 * Edit a message (spec 001 §5 Editing: only the author; 403 message_edit_not_author otherwise),
 * under the rules of a send (prepareContent: not blank unless it has attachments, the author's length limit, mentions
 * resolved again). The same text again changes nothing. An edit sets editedAt and is published as
 * MESSAGE_UPDATED to the channel's audience, without reactions (each reader has their own view of
 * those); the answer carries the caller's.
 */
export async function editMessage(
  deps: ServiceDeps,
  { access, channel }: AnyChannelAccess,
  editor: { id: string; flags: number },
  messageId: string,
  input: EditMessageRequest,
  repo: MessageRepository = messageRepository,
): Promise<Message> {
  if (editor.id !== access.userId) throw new Error('editMessage: the editor is not the member whose access was checked');
  const found = await loadMessage(deps, channel.id, messageId, repo);
  if (found.message.authorId !== editor.id) throw forbidden('message_edit_not_author');
  const blankAllowed = found.message.attachments.length > 0;
  const { content, mentions } = await prepareContent(deps, { access, channel }, editor, input.content, { blankAllowed });
  if (content === found.message.content) return withReactions(deps, found, access.userId);
  const row = await repo.updateMessageContent(deps.db, messageId, { content, mentions });
  if (!row) throw notFound('message_not_found');
  const { reactions: _reactions, ...updated } = toMessage(row, found.author);
  await publishEvent(deps, { audience: { kind: 'channel', channelId: channel.id }, event: { type: 'MESSAGE_UPDATED', data: updated } });
  return withReactions(deps, { message: row, author: found.author }, access.userId);
}

/**
 * Delete a message: the author may delete their own; anyone else needs MANAGE_MESSAGES on the
 * channel (which the team's DELETE_MESSAGES brings unless the channel takes it away), else 403
 * message_delete_forbidden. A soft delete (deleted_at): the message leaves history and reads, and
 * replies to it show the deleted-reply text. A moderator's delete of another's message is written
 * to the audit log (MESSAGES_DELETED) in the same transaction, which also releases its attachments
 * (uploads/records.ts): their files are removed after the commit. Published as MESSAGE_DELETED; a
 * pinned message loses its pin, and CHANNEL_PINS_UPDATED tells the channel.
 */
export async function deleteMessage(
  deps: StorageDeps,
  { access, channel }: AnyChannelAccess,
  messageId: string,
  repo: MessageRepository = messageRepository,
): Promise<void> {
  const found = await loadMessage(deps, channel.id, messageId, repo);
  const own = found.message.authorId === access.userId;
  if (!own && !hasBit(channelPermissions(access, channel), ChannelPermission.MANAGE_MESSAGES)) throw forbidden('message_delete_forbidden');
  const now = new Date();
  const deleted = await deps.db.transaction(async (tx) => {
    if (!(await repo.markMessageDeleted(tx, messageId))) return null;
    // (Only a team's moderator deletes another's message: a direct chat gives nobody MANAGE_MESSAGES.)
    if (!own && !isDmAccess(access)) {
      await recordAudit(tx, access.team.id, access.userId, {
        action: 'MESSAGES_DELETED',
        targetType: 'user',
        targetId: found.message.authorId,
        options: { channelId: channel.id, count: 1 },
      });
    }
    return { files: await releaseHeldBy(tx, [messageId], now) };
  });
  if (!deleted) throw notFound('message_not_found');
  await removeUploads(deps, deleted.files, now);
  await publishEvent(deps, {
    audience: { kind: 'channel', channelId: channel.id },
    event: { type: 'MESSAGE_DELETED', data: { id: messageId, channelId: channel.id } },
  });
  if (found.message.pinnedAt) await publishPinChange(deps, channel.id, messageId, false);
}
