import type { Message } from '@rally/shared/api/messages';
import type { Reaction } from '@rally/shared/api/reactions';
import type { MessageAuthor, MessageRow } from './repository';

/** A message as the API carries it; `reactions` as the reader sees them (none for a new message). */
export function toMessage(row: MessageRow, author: MessageAuthor, reactions: Reaction[] = []): Message {
  return {
    id: row.id,
    channelId: row.channelId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
    createdBy: {
      id: author.id,
      username: author.username,
      profilePicture: author.profilePicture,
      presence: author.presence as Message['createdBy']['presence'],
    },
    replyTo: row.replyTo,
    type: row.type === 'scheduled' ? 'scheduled' : 'text',
    // Attachments and embeds arrive with their own issues.
    attachments: [],
    embeds: [],
    reactions,
    mentions: row.mentions,
    nonce: row.nonce,
  };
}
