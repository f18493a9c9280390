import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emojis, teamMembers, teams, users } from '../../db/schema';

/** A team emoji as its team's settings list it: who uploaded it (null once that account is gone) and when. */
export interface TeamEmojiRow {
  id: string;
  teamId: string;
  name: string;
  url: string;
  createdAt: Date;
  creator: { id: string; username: string } | null;
}

/** A team emoji named in a message or a reaction, and whether the user who names it is a member of its team. */
export interface NamedEmojiRow {
  id: string;
  teamId: string;
  name: string;
  url: string;
  userIsMember: boolean;
}

export interface NewEmoji {
  id: string;
  teamId: string;
  name: string;
  url: string;
  createdBy: string;
}

const emojiColumns = { id: emojis.id, teamId: emojis.teamId, name: emojis.name, url: emojis.url };

/** The team's emoji, oldest first, each with its uploader (one statement on emojis_team_idx). */
export async function listTeamEmojis(db: Executor, teamId: string): Promise<TeamEmojiRow[]> {
  const rows = await db
    .select({ ...emojiColumns, createdAt: emojis.createdAt, creatorId: users.id, creatorName: users.username })
    .from(emojis)
    .leftJoin(users, eq(users.id, emojis.createdBy))
    .where(eq(emojis.teamId, teamId))
    .orderBy(asc(emojis.id));
  return rows.map(({ creatorId, creatorName, ...row }) => ({
    ...row,
    creator: creatorId !== null && creatorName !== null ? { id: creatorId, username: creatorName } : null,
  }));
}

/**
 * Lock the team's row until the transaction ends (FOR NO KEY UPDATE: inserts that reference the
 * team still go on), so that the emoji writes of one team take turns: the count and the names one
 * reads cannot change before it commits. False when the team is gone.
 */
export async function lockTeam(tx: Executor, teamId: string): Promise<boolean> {
  const rows = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('no key update');
  return rows.length > 0;
}

/** The names of the team's emoji (their number is the team's count). */
export async function teamEmojiNames(tx: Executor, teamId: string): Promise<string[]> {
  const rows = await tx.select({ name: emojis.name }).from(emojis).where(eq(emojis.teamId, teamId));
  return rows.map((r) => r.name);
}

/** Insert the emoji in one statement; returns them as listed, in the order given. */
export async function insertEmojis(tx: Executor, rows: readonly NewEmoji[]): Promise<Omit<TeamEmojiRow, 'creator'>[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(emojis)
    .values([...rows])
    .returning({ ...emojiColumns, createdAt: emojis.createdAt });
  const byId = new Map(inserted.map((r) => [r.id, r]));
  return rows.flatMap((r) => byId.get(r.id) ?? []);
}

/** One emoji of the team, or null (another team's is not found either). */
export async function findTeamEmoji(tx: Executor, teamId: string, emojiId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await tx
    .select({ id: emojis.id, name: emojis.name })
    .from(emojis)
    .where(and(eq(emojis.teamId, teamId), eq(emojis.id, emojiId)));
  return row ?? null;
}

/** Whether another emoji of the team than `exceptId` has this name. */
export async function nameTaken(tx: Executor, teamId: string, name: string, exceptId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: emojis.id })
    .from(emojis)
    .where(and(eq(emojis.teamId, teamId), eq(emojis.name, name), ne(emojis.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function renameEmoji(tx: Executor, emojiId: string, name: string): Promise<void> {
  await tx.update(emojis).set({ name }).where(eq(emojis.id, emojiId));
}

/** Delete one emoji of the team; returns its name, or null when the team has no such emoji. */
export async function deleteTeamEmoji(tx: Executor, teamId: string, emojiId: string): Promise<{ name: string } | null> {
  const [row] = await tx
    .delete(emojis)
    .where(and(eq(emojis.teamId, teamId), eq(emojis.id, emojiId)))
    .returning({ name: emojis.name });
  return row ?? null;
}

/**
 * The team emoji of these ids that exist, each with whether `userId` belongs to its team: one
 * statement, whatever the number of ids (what a message or a reaction may use, usable.ts).
 */
export async function findNamedEmojis(db: Executor, ids: readonly string[], userId: string): Promise<NamedEmojiRow[]> {
  if (ids.length === 0) return [];
  // At most one membership row per emoji: (team_id, user_id) is the primary key of team_members.
  return db
    .select({ ...emojiColumns, userIsMember: sql<boolean>`${teamMembers.userId} is not null` })
    .from(emojis)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, emojis.teamId), eq(teamMembers.userId, userId)))
    .where(inArray(emojis.id, [...ids]));
}

export const emojiRepository = {
  listTeamEmojis,
  lockTeam,
  teamEmojiNames,
  insertEmojis,
  findTeamEmoji,
  nameTaken,
  renameEmoji,
  deleteTeamEmoji,
  findNamedEmojis,
};
export type EmojiRepository = typeof emojiRepository;
