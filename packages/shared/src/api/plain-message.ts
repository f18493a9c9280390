import type { Message } from './messages';

/** What makes a message: who, where, what and when; everything else has a plain text message's value. */
export type PlainMessageFields = Pick<Message, 'id' | 'channelId' | 'content' | 'createdAt' | 'createdBy'> & Partial<Message>;

/**
 * A text message with nothing attached: not edited, not pinned, no reply, no attachments, embeds, reactions or
 * mentions, no nonce, unless `fields` says otherwise. Zod-free (types only), so the web client's
 * chunks can use it for pending messages without loading the schemas.
 */
export function plainMessage(fields: PlainMessageFields): Message {
  return {
    editedAt: null,
    replyTo: null,
    type: 'text',
    pinned: false,
    attachments: [],
    embeds: [],
    reactions: [],
    mentions: { users: [], roles: [], everyone: false, here: false },
    nonce: null,
    ...fields,
  };
}
