import { attachmentSchema, type Attachment } from '@rally/shared/api/attachments';
import { embedSchema, type Embed } from '@rally/shared/api/embeds';
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
    type: row.type === 'scheduled' || row.type === 'system' ? row.type : 'text',
    pinned: row.pinnedAt !== null,
    attachments: stored(attachmentSchema, row.attachments),
    embeds: stored(embedSchema, row.embeds),
    reactions,
    mentions: row.mentions,
    nonce: row.nonce,
  };
}

/** The stored items (embeds, attachments) that are valid (the columns are jsonb: anything else is left out rather than failing the answer). */
function stored<T extends Embed | Attachment>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, items: unknown[]): T[] {
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
