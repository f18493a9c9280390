import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { returnedRow } from '../../db/returned-row';
import { channels } from '../../db/schema';
import { insertAuditEntries, insertAuditEntry } from '../audit/repository';
import { setChannelOverwrite } from '../permissions/repository';
import type { ChannelRow } from '../teams/mappers';

export type NewChannel = typeof channels.$inferInsert;
/** The columns a channel's or a category's settings edit may change. */
export type ChannelPatch = Partial<Pick<ChannelRow, 'name' | 'description' | 'rateLimitPerUser' | 'userLimit' | 'nsfw' | 'additionalData' | 'region'>>;

export async function insertChannel(db: Executor, row: NewChannel): Promise<ChannelRow> {
  return returnedRow(await db.insert(channels).values(row).returning());
}

/** The priority after the team's last channel or category (new ones go to the end). */
export async function nextPriority(db: Executor, teamId: string): Promise<number> {
  const [row] = await db
    .select({ top: max(channels.priority) })
    .from(channels)
    .where(eq(channels.teamId, teamId));
  return (row?.top ?? -1) + 1;
}

/** The team's channel row locked for an edit (SELECT … FOR UPDATE), or null. */
export async function lockChannel(db: Executor, teamId: string, channelId: string): Promise<ChannelRow | null> {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.teamId, teamId)))
    .for('update');
  return row ?? null;
}

export async function updateChannel(db: Executor, channelId: string, patch: ChannelPatch): Promise<ChannelRow> {
  return returnedRow(await db.update(channels).set(patch).where(eq(channels.id, channelId)).returning());
}

/** Delete a team channel (its messages go with it); the deleted row, or null. */
export async function deleteChannel(db: Executor, teamId: string, channelId: string): Promise<ChannelRow | null> {
  const [row] = await db
    .delete(channels)
    .where(and(eq(channels.id, channelId), eq(channels.teamId, teamId)))
    .returning();
  return row ?? null;
}

/** Take a category's channels out of it; the channels as they are now. */
export async function releaseChildren(db: Executor, categoryId: string): Promise<ChannelRow[]> {
  return db.update(channels).set({ parentId: null }).where(eq(channels.parentId, categoryId)).returning();
}

/**
 * The team's channels and categories, locked until the transaction ends (a reorder or a move reads
 * parents, priorities and overwrites from these rows). Locked in id order, so that two such
 * transactions take them one after the other.
 */
export async function lockTeamChannels(db: Executor, teamId: string): Promise<ChannelRow[]> {
  return db.select().from(channels).where(eq(channels.teamId, teamId)).orderBy(asc(channels.id)).for('update');
}

/** Give channels (or categories) of the team new priorities, in one statement; the rows as they are now. */
export async function setPriorities(db: Executor, teamId: string, places: readonly { id: string; priority: number }[]): Promise<ChannelRow[]> {
  if (places.length === 0) return [];
  const ids = sql`array[${sql.join(
    places.map((p) => sql`${p.id}`),
    sql`, `,
  )}]::bigint[]`;
  const priorities = sql`array[${sql.join(
    places.map((p) => sql`${p.priority}`),
    sql`, `,
  )}]::integer[]`;
  return db
    .update(channels)
    .set({ priority: sql`(${priorities})[array_position(${ids}, ${channels.id})]` })
    .where(
      and(
        eq(channels.teamId, teamId),
        inArray(
          channels.id,
          places.map((p) => p.id),
        ),
      ),
    )
    .returning();
}

/** Put a channel in a category (null: none) at a priority; the row as it is now. */
export async function placeChannel(db: Executor, channelId: string, parentId: string | null, priority: number): Promise<ChannelRow> {
  return returnedRow(await db.update(channels).set({ parentId, priority }).where(eq(channels.id, channelId)).returning());
}

export const channelRepository = {
  insertChannel,
  nextPriority,
  lockChannel,
  updateChannel,
  deleteChannel,
  releaseChildren,
  setChannelOverwrite,
  lockTeamChannels,
  setPriorities,
  placeChannel,
  insertAuditEntry,
  insertAuditEntries,
};
export type ChannelRepository = typeof channelRepository;
