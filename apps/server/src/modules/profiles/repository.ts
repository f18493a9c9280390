import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { dmMembers, emojis, friendships, teamMembers, userBlocks, users } from '../../db/schema';
import { pairOf } from '../friends/repository';
import { heldRoleIds } from '../permissions/repository';
import { publicUserColumns, statusColumns, statusEmojiJoin, type PublicUserColumns, type StatusColumns } from '../users/repository';

/** A user as their profile shows them, with what ties the viewer to them. */
export interface ProfileRow extends StatusColumns, PublicUserColumns {
  createdAt: Date;
  /** The viewer and the user belong to a team together. */
  sharesTeam: boolean;
  /** The viewer and the user are in a direct chat together. */
  sharesChat: boolean;
  /** Their friendship or request (null: none), and who asked. */
  friendStatus: 'pending' | 'accepted' | null;
  requesterId: string | null;
  /** The viewer blocked the user. */
  blocked: boolean;
}

/**
 * The user `userId` as `viewerId` may see them (every user column but the e-mail, the password,
 * the settings and the private flags is left out), their status emoji, and what ties the two:
 * one statement. Null when there is no such user.
 */
export async function findProfile(db: Executor, viewerId: string, userId: string): Promise<ProfileRow | null> {
  const mine = alias(teamMembers, 'mine');
  const theirs = alias(teamMembers, 'theirs');
  const myChats = alias(dmMembers, 'my_chats');
  const theirChats = alias(dmMembers, 'their_chats');
  const { userLow, userHigh } = pairOf(viewerId, userId);
  const sharesTeam = db
    .select({ one: sql`1` })
    .from(mine)
    .innerJoin(theirs, eq(theirs.teamId, mine.teamId))
    .where(and(eq(mine.userId, viewerId), eq(theirs.userId, userId)));
  const sharesChat = db
    .select({ one: sql`1` })
    .from(myChats)
    .innerJoin(theirChats, eq(theirChats.channelId, myChats.channelId))
    .where(and(eq(myChats.userId, viewerId), eq(theirChats.userId, userId)));
  const [row] = await db
    .select({
      ...publicUserColumns,
      createdAt: users.createdAt,
      ...statusColumns,
      sharesTeam: sql<boolean>`exists (${sharesTeam})`,
      sharesChat: sql<boolean>`exists (${sharesChat})`,
      friendStatus: friendships.status,
      requesterId: friendships.requesterId,
      blocked: sql<boolean>`${userBlocks.userId} is not null`,
    })
    .from(users)
    .leftJoin(emojis, statusEmojiJoin)
    .leftJoin(friendships, and(eq(friendships.userLow, userLow), eq(friendships.userHigh, userHigh)))
    .leftJoin(userBlocks, and(eq(userBlocks.userId, viewerId), eq(userBlocks.blockedId, users.id)))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The user's roles (besides the default one) and joining date in the team, when the viewer belongs to it too; else null. */
export async function findSharedMembership(
  db: Executor,
  teamId: string,
  viewerId: string,
  userId: string,
): Promise<{ roleIds: string[]; joinedAt: Date } | null> {
  const viewer = alias(teamMembers, 'viewer');
  const [row] = await db
    .select({ roleIds: heldRoleIds, joinedAt: teamMembers.joinedAt })
    .from(teamMembers)
    .innerJoin(viewer, and(eq(viewer.teamId, teamMembers.teamId), eq(viewer.userId, viewerId)))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** A team emoji that the user may wear in their status (one of a team they belong to): its name and image, or null. */
export async function findWearableEmoji(db: Executor, emojiId: string, userId: string): Promise<{ name: string; url: string } | null> {
  const [row] = await db
    .select({ name: emojis.name, url: emojis.url })
    .from(emojis)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, emojis.teamId), eq(teamMembers.userId, userId)))
    .where(eq(emojis.id, emojiId))
    .limit(1);
  return row ?? null;
}

/** A user's image column (users.profile_picture, users.banner). */
export type ProfileImageField = 'profilePicture' | 'banner';

/**
 * Set the user's avatar or banner to `url` (null: none), the row locked meanwhile: the value it
 * replaced, or undefined when there is no such user. Run it in a transaction.
 */
export async function replaceProfileImage(db: Executor, userId: string, field: ProfileImageField, url: string | null): Promise<string | null | undefined> {
  const [row] = await db.select({ old: users[field] }).from(users).where(eq(users.id, userId)).for('update').limit(1);
  if (!row) return undefined;
  if (row.old !== url)
    await db
      .update(users)
      .set({ [field]: url })
      .where(eq(users.id, userId));
  return row.old;
}
