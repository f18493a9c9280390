import { and, desc, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { friendships, userBlocks, users, usernameKey } from '../../db/schema';
import type { UserSettings } from '@rally/shared/api/users';
import type { SignedInUser } from '../users/repository';

export type FriendshipRow = typeof friendships.$inferSelect;
export type BlockRow = typeof userBlocks.$inferSelect;

/** A user's columns but the password hash (what a friend entry or a block shows comes from these). */
const { passwordHash: _passwordHash, ...userColumns } = getTableColumns(users);

/** The pair's key: the two ids ordered as numbers (the table's check: user_low < user_high). */
export function pairOf(a: string, b: string): { userLow: string; userHigh: string } {
  return BigInt(a) < BigInt(b) ? { userLow: a, userHigh: b } : { userLow: b, userHigh: a };
}

function pairIs(a: string, b: string): SQL {
  const { userLow, userHigh } = pairOf(a, b);
  return and(eq(friendships.userLow, userLow), eq(friendships.userHigh, userHigh)) as SQL;
}

/** The friendships table or an alias of it. */
type FriendshipsTable = { userLow: AnyPgColumn; userHigh: AnyPgColumn };

/** Rows of friendships (or of an alias of the table) that involve the user (either side). */
function involves(userId: string, t: FriendshipsTable = friendships): SQL {
  return or(eq(t.userLow, userId), eq(t.userHigh, userId)) as SQL;
}

/** The other side of a friendship row, seen from `userId`. */
function otherOf(userId: string, t: FriendshipsTable = friendships) {
  // A snowflake as the driver gives it (string or bigint by engine), read back as the decimal string.
  return sql<string>`case when ${t.userLow} = ${userId} then ${t.userHigh} else ${t.userLow} end`.mapWith((value: string | number | bigint) => String(value));
}

/**
 * Lock the two users' rows, in id order (FOR NO KEY UPDATE: foreign keys to them are not held up),
 * so that every change between one pair — request, answer, removal, block — runs one at a time.
 * Returns the rows found (a missing id is a user that does not exist).
 */
export async function lockUsers(db: Executor, a: string, b: string): Promise<SignedInUser[]> {
  const { userLow, userHigh } = pairOf(a, b);
  return db
    .select(userColumns)
    .from(users)
    .where(inArray(users.id, [userLow, userHigh]))
    .orderBy(users.id)
    .for('no key update');
}

/** A user by slug, case-insensitively (the add-friend field). */
export async function findUserBySlug(db: Executor, slug: string): Promise<SignedInUser | null> {
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(sql`lower(${users.slug}) = ${slug.toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Up to `limit` users who signed up with (or changed to) this name, compared as usernameKey folds
 * both (case, Unicode compatibility forms, dotless ı); deleted accounts, whose name is a placeholder,
 * are left out.
 */
export async function findUsersByName(db: Executor, name: string, limit: number): Promise<SignedInUser[]> {
  return db
    .select(userColumns)
    .from(users)
    .where(and(sql`${usernameKey(users.username)} = ${usernameKey(sql`${name}::text`)}`, isNull(users.deletedAt)))
    .orderBy(users.id)
    .limit(limit);
}

export async function findFriendship(db: Executor, a: string, b: string): Promise<FriendshipRow | null> {
  const rows = await db.select().from(friendships).where(pairIs(a, b)).limit(1);
  return rows[0] ?? null;
}

/** A new request from `requesterId` to `otherId` (pending), or a friendship made accepted at once (friend invite, registration). */
export async function insertFriendship(db: Executor, requesterId: string, otherId: string, status: 'pending' | 'accepted'): Promise<FriendshipRow> {
  const [row] = await db
    .insert(friendships)
    .values({ ...pairOf(requesterId, otherId), requesterId, status, acceptedAt: status === 'accepted' ? new Date() : null })
    .returning();
  if (!row) throw new Error('insertFriendship: no row returned');
  return row;
}

/** The pending request between the pair becomes accepted; the updated row. */
export async function acceptFriendship(db: Executor, a: string, b: string): Promise<FriendshipRow | null> {
  const [row] = await db
    .update(friendships)
    .set({ status: 'accepted', acceptedAt: new Date() })
    .where(and(pairIs(a, b), eq(friendships.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Remove the pair's friendship or request; the deleted row, or null when there was none. */
export async function deleteFriendship(db: Executor, a: string, b: string): Promise<FriendshipRow | null> {
  const [row] = await db.delete(friendships).where(pairIs(a, b)).returning();
  return row ?? null;
}

export interface FriendshipWithUser {
  friendship: FriendshipRow;
  user: SignedInUser;
}

/** The user's friendships and requests, each with the other user, newest first. */
export async function listFriendships(db: Executor, userId: string): Promise<FriendshipWithUser[]> {
  return db
    .select({ friendship: friendships, user: userColumns })
    .from(friendships)
    .innerJoin(users, eq(users.id, otherOf(userId)))
    .where(involves(userId))
    .orderBy(desc(friendships.createdAt), desc(users.id));
}

/** The ids of the user's friends (accepted only): whom presence and profile changes concern. */
export async function listFriendIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: otherOf(userId) })
    .from(friendships)
    .where(and(involves(userId), eq(friendships.status, 'accepted')));
  return rows.map((r) => r.id);
}

/** Whether the two are friends (accepted). */
export async function areFriends(db: Executor, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ status: friendships.status })
    .from(friendships)
    .where(and(pairIs(a, b), eq(friendships.status, 'accepted')))
    .limit(1);
  return rows.length > 0;
}

/** Whether the two have a friend in common (both friendships accepted): "friends of friends". */
export async function haveMutualFriend(db: Executor, a: string, b: string): Promise<boolean> {
  const ofA = alias(friendships, 'of_a');
  const ofB = alias(friendships, 'of_b');
  const rows = await db
    .select({ status: ofA.status })
    .from(ofA)
    .innerJoin(ofB, eq(otherOf(a, ofA), otherOf(b, ofB)))
    .where(and(involves(a, ofA), eq(ofA.status, 'accepted'), involves(b, ofB), eq(ofB.status, 'accepted')))
    .limit(1);
  return rows.length > 0;
}

/** Which of the two blocked the other. */
export async function blocksBetween(db: Executor, a: string, b: string): Promise<{ aBlockedB: boolean; bBlockedA: boolean }> {
  const rows = await db
    .select({ userId: userBlocks.userId })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.userId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.userId, b), eq(userBlocks.blockedId, a))));
  return { aBlockedB: rows.some((r) => r.userId === a), bBlockedA: rows.some((r) => r.userId === b) };
}

/** Record a block; null when it exists already. */
export async function insertBlock(db: Executor, userId: string, blockedId: string): Promise<BlockRow | null> {
  const [row] = await db.insert(userBlocks).values({ userId, blockedId }).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deleteBlock(db: Executor, userId: string, blockedId: string): Promise<BlockRow | null> {
  const [row] = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.userId, userId), eq(userBlocks.blockedId, blockedId)))
    .returning();
  return row ?? null;
}

export interface BlockWithUser {
  block: BlockRow;
  user: SignedInUser;
}

/** The users `userId` blocked, newest first. */
export async function listBlocks(db: Executor, userId: string): Promise<BlockWithUser[]> {
  return db
    .select({ block: userBlocks, user: userColumns })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.userId, userId))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId));
}

/** The user's friend-invite code, or null before the first GET /api/v1/me/friendInvite. */
export async function findFriendCode(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ code: users.friendCode }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.code ?? null;
}

/** Give the user this code unless they have one; the code they hold afterwards (null: no such user). */
export async function setFriendCodeIfNone(db: Executor, userId: string, code: string): Promise<string | null> {
  const [row] = await db
    .update(users)
    .set({ friendCode: code })
    .where(and(eq(users.id, userId), isNull(users.friendCode)))
    .returning({ code: users.friendCode });
  return row?.code ?? findFriendCode(db, userId);
}

/** The owner of a friend-invite code. */
export async function findUserByFriendCode(db: Executor, code: string): Promise<SignedInUser | null> {
  const rows = await db.select(userColumns).from(users).where(eq(users.friendCode, code)).limit(1);
  return rows[0] ?? null;
}

/** Merge a change into the user's privacy settings (only that key of the settings document is written); the settings after it. */
export async function updatePrivacySettings(db: Executor, userId: string, change: Partial<UserSettings['privacy']>): Promise<UserSettings | null> {
  const [row] = await db
    .update(users)
    .set({
      settings: sql`jsonb_set(${users.settings}, '{privacy}', coalesce(${users.settings} -> 'privacy', '{}'::jsonb) || ${JSON.stringify(change)}::jsonb)`,
    })
    .where(eq(users.id, userId))
    .returning({ settings: users.settings });
  return row?.settings ?? null;
}
