import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LIMITS } from '@rally/shared/limits';
import type { Executor } from '../../db/client';
import { emojis, messageReactions, messages, teamMembers } from '../../db/schema';

/** One emoji's reactions on one message, as read: how many, the first users (oldest first), whether the viewer is one. */
export interface ReactionRow {
  messageId: string;
  emojiId: string;
  count: number;
  users: string[];
  me: boolean;
}

/** A team emoji as the picker and reactions name it. */
export interface EmojiRow {
  id: string;
  teamId: string;
  name: string;
  url: string;
}

const emojiColumns = { id: emojis.id, teamId: emojis.teamId, name: emojis.name, url: emojis.url };

/**
 * The reactions of these messages, one row per message and emoji, in the order each emoji was
 * first used on its message: one statement on the (message_id, emoji_id, user_id) primary key,
 * whatever the number of messages. `users` holds the first LIMITS.reactions.usersShown.
 */
export async function reactionsOfMessages(db: Executor, messageIds: readonly string[], viewerId: string): Promise<ReactionRow[]> {
  if (messageIds.length === 0) return [];
  const r = messageReactions;
  return db
    .select({
      messageId: r.messageId,
      emojiId: r.emojiId,
      count: sql<number>`count(*)::int`,
      users: sql<string[]>`(array_agg(${r.userId}::text order by ${r.createdAt}, ${r.userId}))[1:${sql.raw(String(LIMITS.reactions.usersShown))}]`,
      me: sql<boolean>`bool_or(${r.userId} = ${viewerId})`,
    })
    .from(r)
    .where(inArray(r.messageId, [...messageIds]))
    .groupBy(r.messageId, r.emojiId)
    .orderBy(asc(r.messageId), sql`min(${r.createdAt})`, asc(r.emojiId));
}

/** Team emoji by id (those that still exist). */
export async function findEmojis(db: Executor, ids: readonly string[]): Promise<EmojiRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(emojiColumns)
    .from(emojis)
    .where(inArray(emojis.id, [...ids]));
}

/** The emoji of every team the user belongs to, team by team, oldest first. */
export async function emojisOfMember(db: Executor, userId: string): Promise<EmojiRow[]> {
  return db
    .select(emojiColumns)
    .from(emojis)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, emojis.teamId), eq(teamMembers.userId, userId)))
    .orderBy(asc(emojis.teamId), asc(emojis.id));
}

/**
 * Add the user's reaction in one transaction, unless the message is gone (deleted, or not in the
 * channel) or already has `max` different emoji and this is not one of them. The message row is
 * locked (FOR UPDATE) first, so that two concurrent adds of new emoji cannot both pass the count.
 */
export async function insertReaction(
  db: Executor,
  row: { channelId: string; messageId: string; emojiId: string; userId: string },
  max: number,
): Promise<'added' | 'exists' | 'limit' | 'gone'> {
  return db.transaction(async (tx) => {
    const [live] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, row.messageId), eq(messages.channelId, row.channelId), isNull(messages.deletedAt)))
      .for('update');
    if (!live) return 'gone';
    const present = await tx.selectDistinct({ emojiId: messageReactions.emojiId }).from(messageReactions).where(eq(messageReactions.messageId, row.messageId));
    if (!present.some((p) => p.emojiId === row.emojiId) && present.length >= max) return 'limit';
    const inserted = await tx
      .insert(messageReactions)
      .values({ messageId: row.messageId, emojiId: row.emojiId, userId: row.userId })
      .onConflictDoNothing()
      .returning({ userId: messageReactions.userId });
    return inserted.length > 0 ? 'added' : 'exists';
  });
}

/** Take the user's reaction back; false when there was none. */
export async function deleteReaction(db: Executor, row: { messageId: string; emojiId: string; userId: string }): Promise<boolean> {
  const deleted = await db
    .delete(messageReactions)
    .where(and(eq(messageReactions.messageId, row.messageId), eq(messageReactions.emojiId, row.emojiId), eq(messageReactions.userId, row.userId)))
    .returning({ userId: messageReactions.userId });
  return deleted.length > 0;
}

export const reactionRepository = { reactionsOfMessages, findEmojis, emojisOfMember, insertReaction, deleteReaction };
export type ReactionRepository = typeof reactionRepository;
