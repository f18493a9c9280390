import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { channels, messages, users } from '../../db/schema';
import { authorColumns, messageColumns, type MessageWithAuthor } from '../messages/repository';

/** A pinned message with its author, when it was pinned and by whom. */
export interface PinRow extends MessageWithAuthor {
  pinnedAt: Date;
  pinnedBy: string | null;
}

/**
 * Lock the channel's row (FOR NO KEY UPDATE, which message inserts' key-share locks do not wait for)
 * and count its pins: two pins of one channel run one after the other, so neither passes the limit
 * unseen.
 */
export async function lockChannelAndCountPins(db: Executor, channelId: string): Promise<number> {
  await db.select({ id: channels.id }).from(channels).where(eq(channels.id, channelId)).for('no key update');
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.channelId, channelId), isNotNull(messages.pinnedAt), isNull(messages.deletedAt)));
  return row?.n ?? 0;
}

/**
 * Pin (by `pinnedBy`) or unpin (null) a message that is not deleted and not already so: false when
 * nothing changed (already so, or deleted meanwhile).
 */
export async function setPinned(db: Executor, messageId: string, pinnedBy: string | null): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set(pinnedBy === null ? { pinnedAt: null, pinnedBy: null } : { pinnedAt: new Date(), pinnedBy })
    .where(and(eq(messages.id, messageId), isNull(messages.deletedAt), pinnedBy === null ? isNotNull(messages.pinnedAt) : isNull(messages.pinnedAt)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

/** The channel's pinned messages (not deleted), newest pin first, on messages_pinned_idx. */
export async function listPinned(db: Executor, channelId: string): Promise<PinRow[]> {
  const rows = await db
    .select({ message: messageColumns, author: authorColumns })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(and(eq(messages.channelId, channelId), isNotNull(messages.pinnedAt), isNull(messages.deletedAt)))
    .orderBy(desc(messages.pinnedAt), desc(messages.id));
  return rows.flatMap((row) => (row.message.pinnedAt ? [{ ...row, pinnedAt: row.message.pinnedAt, pinnedBy: row.message.pinnedBy }] : []));
}
