import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { channels, directChats, dmMembers, users } from '../../db/schema';
import { publicUserColumns, type PublicUserColumns } from '../users/repository';

/** The key that makes a chat of two unique: the two ids ordered as numbers, 'low:high'. */
export function pairKeyOf(a: string, b: string): string {
  return BigInt(a) < BigInt(b) ? `${a}:${b}` : `${b}:${a}`;
}

/** The people a new chat is opened with: what the rules read of them (publicUserColumns with system); deleted accounts are not found. */
export async function findUsers(db: Executor, ids: readonly string[]): Promise<PublicUserColumns[]> {
  if (ids.length === 0) return [];
  return db
    .select(publicUserColumns)
    .from(users)
    .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)));
}

/** The channel id of the chat of two with this pair key, or null. */
export async function findPairChat(db: Executor, pairKey: string): Promise<string | null> {
  const [row] = await db.select({ channelId: directChats.channelId }).from(directChats).where(eq(directChats.pairKey, pairKey)).limit(1);
  return row?.channelId ?? null;
}

export interface NewChat {
  channelId: string;
  /** Set for a chat of two (pairKeyOf), null for a group. */
  pairKey: string | null;
  createdBy: string | null;
  readOnly: boolean;
  memberIds: readonly string[];
}

/**
 * A new chat: its channel (type 'DM', no team), its direct_chats row and its members. Inside the
 * caller's transaction. A chat of two whose pair already has one is not written: false (the unique
 * pair key decides between two that open it at once).
 */
export async function insertChat(tx: Executor, chat: NewChat): Promise<boolean> {
  await tx.insert(channels).values({ id: chat.channelId, teamId: null, type: 'DM', name: '' });
  const written = await tx
    .insert(directChats)
    .values({ channelId: chat.channelId, pairKey: chat.pairKey, createdBy: chat.createdBy, readOnly: chat.readOnly })
    .onConflictDoNothing({ target: directChats.pairKey })
    .returning({ channelId: directChats.channelId });
  if (written.length === 0) {
    await tx.delete(channels).where(eq(channels.id, chat.channelId));
    return false;
  }
  await tx.insert(dmMembers).values(chat.memberIds.map((userId) => ({ channelId: chat.channelId, userId })));
  return true;
}

/** Hide or show the chat in these members' lists; the ids of those whose setting changed. */
export async function setHidden(db: Executor, channelId: string, userIds: readonly string[], hidden: boolean): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .update(dmMembers)
    .set({ hidden })
    .where(and(eq(dmMembers.channelId, channelId), inArray(dmMembers.userId, [...userIds]), ne(dmMembers.hidden, hidden)))
    .returning({ userId: dmMembers.userId });
  return rows.map((r) => r.userId);
}

/** Show the chat again to every member who hid it (a new message); the ids of those. */
export async function showToAll(db: Executor, channelId: string): Promise<string[]> {
  const rows = await db
    .update(dmMembers)
    .set({ hidden: false })
    .where(and(eq(dmMembers.channelId, channelId), eq(dmMembers.hidden, true)))
    .returning({ userId: dmMembers.userId });
  return rows.map((r) => r.userId);
}

/** A chat of the user's list, with its newest message that is not deleted. */
export interface ChatRow {
  channelId: string;
  pairKey: string | null;
  readOnly: boolean;
  createdAt: Date;
  last: { id: string; createdAt: string; content: string; deleted: boolean; authorId: string; type: string; attachmentCount: number } | null;
}

/** How many characters of the newest message the list carries (the web shows LIMITS.dm.previewLength). */
const PREVIEW_CHARS = 100;

/**
 * The user's chats (not hidden; or only the one with `channelId`, hidden or not), the newest
 * message first and chats without one by when they were opened (ids are time-ordered): the
 * newest message of each through the (channel_id, id desc) index.
 */
export async function listChats(db: Executor, userId: string, channelId?: string): Promise<ChatRow[]> {
  const which = channelId ? sql`m.channel_id = ${channelId}` : sql`m.hidden = false`;
  const result = await db.execute(sql`
    select d.channel_id::text as "channelId", d.pair_key as "pairKey", d.read_only as "readOnly", d.created_at as "createdAt",
           case when last.id is null then null else json_build_object(
             'id', last.id::text, 'createdAt', last.created_at, 'content', left(last.content, ${PREVIEW_CHARS}),
             'deleted', last.deleted_at is not null, 'authorId', last.author_id::text, 'type', last.type,
             'attachmentCount', jsonb_array_length(last.attachments)) end as "last"
      from ${dmMembers} m
      join ${directChats} d on d.channel_id = m.channel_id
      left join lateral (
        select id, created_at, content, deleted_at, author_id, type, attachments from messages x
         where x.channel_id = m.channel_id and x.deleted_at is null order by x.id desc limit 1
      ) last on true
     where m.user_id = ${userId} and ${which}
     order by coalesce(last.id, d.channel_id) desc`);
  return (result as { rows: ChatRow[] }).rows.map((row) => ({
    ...row,
    // (The driver gives timestamps as Date or string by engine; json_build_object gives ISO text.)
    createdAt: new Date(row.createdAt),
    last: row.last ? { ...row.last, createdAt: new Date(row.last.createdAt).toISOString() } : null,
  }));
}

/** The other people of the user's chats (of one chat with `channelId`), by chat. */
export async function listChatUsers(db: Executor, userId: string, channelId?: string): Promise<(PublicUserColumns & { channelId: string })[]> {
  const mine = db
    .select({ channelId: dmMembers.channelId })
    .from(dmMembers)
    .where(channelId ? and(eq(dmMembers.userId, userId), eq(dmMembers.channelId, channelId)) : and(eq(dmMembers.userId, userId), eq(dmMembers.hidden, false)));
  return db
    .select({ channelId: dmMembers.channelId, ...publicUserColumns })
    .from(dmMembers)
    .innerJoin(users, eq(users.id, dmMembers.userId))
    .where(and(inArray(dmMembers.channelId, mine), ne(dmMembers.userId, userId)))
    .orderBy(dmMembers.channelId, users.username);
}

/** The channel ids of every chat the user is in, hidden ones too (their live events still reach the user). */
export async function chatIdsOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.select({ channelId: dmMembers.channelId }).from(dmMembers).where(eq(dmMembers.userId, userId));
  return rows.map((r) => r.channelId);
}

export const dmRepository = { findUsers, findPairChat, insertChat, setHidden, showToAll, listChats, listChatUsers, chatIdsOf };
export type DmRepository = typeof dmRepository;
