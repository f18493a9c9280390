import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lt, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { returnedRow } from '../../db/returned-row';
import { messages, users } from '../../db/schema';

/** A message's columns as code reads them: all but `search`, the full-text document, which only filters. */
const { search: _search, ...messageColumns } = getTableColumns(messages);
export { messageColumns };

export type MessageRow = Omit<typeof messages.$inferSelect, 'search'>;
export type NewMessage = typeof messages.$inferInsert;

export interface MessageAuthor {
  id: string;
  username: string;
  profilePicture: string | null;
  presence: number;
}

export interface MessageWithAuthor {
  message: MessageRow;
  author: MessageAuthor;
}

export interface PageQuery {
  limit: number;
  /** Older than this id. */
  before?: string;
  /** This id and older ones. */
  upTo?: string;
  /** Newer than this id (the page is then read oldest first). */
  after?: string;
  /** Rows of the ordered range to skip. */
  offset?: number;
}

/** The author fields a message carries (messageAuthorSchema). */
export const authorColumns = { id: users.id, username: users.username, profilePicture: users.profilePicture, presence: users.presence };

export async function insertMessage(db: Executor, message: NewMessage): Promise<MessageRow> {
  return returnedRow(await db.insert(messages).values(message).returning(messageColumns));
}

/** A message that is not deleted, only if it belongs to the channel. */
export async function findMessageInChannel(db: Executor, channelId: string, id: string): Promise<MessageRow | null> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.channelId, channelId), isNull(messages.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * One page of a channel's history, read on the (channel_id, id desc) index: newest first, or
 * oldest first when `after` is given. `offset` skips rows of that same index range (an index scan
 * that steps over them, no sort). Deleted messages are left out.
 */
export async function listPage(db: Executor, channelId: string, page: PageQuery): Promise<MessageWithAuthor[]> {
  const where: SQL[] = [eq(messages.channelId, channelId), isNull(messages.deletedAt)];
  if (page.before) where.push(lt(messages.id, page.before));
  if (page.upTo) where.push(lte(messages.id, page.upTo));
  if (page.after) where.push(gt(messages.id, page.after));
  return db
    .select({ message: messageColumns, author: authorColumns })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(and(...where))
    .orderBy(page.after ? asc(messages.id) : desc(messages.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

/** Messages of the channel with these ids (not deleted), with their authors. */
export async function findMessagesByIds(db: Executor, channelId: string, ids: string[]): Promise<MessageWithAuthor[]> {
  if (ids.length === 0) return [];
  return db
    .select({ message: messageColumns, author: authorColumns })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(and(eq(messages.channelId, channelId), inArray(messages.id, ids), isNull(messages.deletedAt)))
    .orderBy(asc(messages.id));
}

/** One message of the channel (not deleted) with its author, or null. */
export async function findMessageWithAuthor(db: Executor, channelId: string, id: string): Promise<MessageWithAuthor | null> {
  const [row] = await findMessagesByIds(db, channelId, [id]);
  return row ?? null;
}

/** A message's new text and mentions, marked edited now; null when it is no longer there (deleted meanwhile). */
export async function updateMessageContent(db: Executor, id: string, fields: Pick<NewMessage, 'content' | 'mentions'>): Promise<MessageRow | null> {
  const [row] = await db
    .update(messages)
    .set({ ...fields, editedAt: new Date() })
    .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
    .returning(messageColumns);
  return row ?? null;
}

/** Soft delete: the message stays as a row with deleted_at set (replies keep their reference) and loses its pin; false when already deleted. */
export async function markMessageDeleted(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ deletedAt: new Date(), pinnedAt: null, pinnedBy: null })
    .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

export const messageRepository = {
  insertMessage,
  findMessageInChannel,
  listPage,
  findMessagesByIds,
  findMessageWithAuthor,
  updateMessageContent,
  markMessageDeleted,
};
export type MessageRepository = typeof messageRepository;
