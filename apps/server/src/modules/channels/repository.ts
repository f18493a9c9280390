import { and, eq, max } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { returnedRow } from '../../db/returned-row';
import { channels } from '../../db/schema';
import { insertAuditEntry } from '../audit/repository';
import { setChannelOverwrite } from '../permissions/repository';
import type { ChannelRow } from '../teams/mappers';

export type NewChannel = typeof channels.$inferInsert;
/** The columns a channel's or a category's settings edit may change. */
export type ChannelPatch = Partial<Pick<ChannelRow, 'name' | 'description' | 'rateLimitPerUser' | 'userLimit' | 'nsfw' | 'additionalData'>>;

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

export const channelRepository = {
  insertChannel,
  nextPriority,
  lockChannel,
  updateChannel,
  deleteChannel,
  releaseChildren,
  setChannelOverwrite,
  insertAuditEntry,
};
export type ChannelRepository = typeof channelRepository;
