import type { ChannelPlace } from '@rally/shared/api/channels';
import { compareSnowflakes } from '@rally/shared/ids';
import { badRequest, notFound } from '../../lib/errors';
import { publishEvent } from '../../lib/events';
import type { ServiceDeps } from '../../lib/service-deps';
import { recordAudits, type AuditRecord } from '../audit/service';
import { canView, type TeamAccess } from '../permissions/access';
import { toChannel, type ChannelRow } from '../teams/mappers';
import { channelRepository, type ChannelRepository } from './repository';

/**
 * The order of a team's channels and categories (spec 001 §7 "Channels and categories":
 * categories-priority, channels-priority per category and for the uncategorised ones, moving a
 * channel into or out of a category). Every endpoint here declares MANAGE_CHANNELS on the team
 * (001 §6: drag-reorder). Each write locks the team's channel rows first (lockTeamChannels) and
 * checks against them: what the caller may view, which category a channel is in, and the places
 * themselves are read in the transaction that writes, with an audit entry per row that moves.
 */

/** The member's access with the team's rows as locked in this transaction (what they may view is read from these). */
const withRows = (access: TeamAccess, rows: ChannelRow[]): TeamAccess => ({ ...access, channels: rows });

/** Display order: priority, then id (the order every read of channels uses). */
const byPlace = (a: ChannelRow, b: ChannelRow): number => a.priority - b.priority || compareSnowflakes(a.id, b.id);

/** A category of the team the member may view, or 404 category_not_found (a hidden one is not revealed). */
function viewableCategory(access: TeamAccess, rows: ChannelRow[], categoryId: string): ChannelRow {
  const row = rows.find((r) => r.id === categoryId);
  if (row?.type !== 'category' || !canView(access, row)) throw notFound('category_not_found');
  return row;
}

/** A channel (not a category) of the team the member may view, or 404 channel_not_found. */
function viewableChannel(access: TeamAccess, rows: ChannelRow[], channelId: string): ChannelRow {
  const row = rows.find((r) => r.id === channelId);
  if (!row || row.type === 'category' || !canView(access, row)) throw notFound('channel_not_found');
  return row;
}

/** The priority after the channels already in `parentId` (null: the uncategorised ones). */
function nextPlaceIn(rows: ChannelRow[], parentId: string | null, except: string): number {
  const siblings = rows.filter((r) => r.type !== 'category' && r.parentId === parentId && r.id !== except);
  return siblings.reduce((top, r) => Math.max(top, r.priority), -1) + 1;
}

/**
 * Give the rows their places (only those whose priority changes are written), with a *_UPDATED
 * entry per moved row (priority old → new) in the same transaction. Returns the rows after it and
 * whether any moved.
 */
async function writePlaces(
  tx: ServiceDeps['db'],
  access: TeamAccess,
  rows: ChannelRow[],
  places: readonly ChannelPlace[],
  repo: ChannelRepository,
): Promise<{ rows: ChannelRow[]; moved: boolean }> {
  const before = new Map(rows.map((r) => [r.id, r]));
  const changed = places.filter((p) => before.get(p.id)?.priority !== p.priority);
  if (changed.length === 0) return { rows, moved: false };
  const written = new Map((await repo.setPriorities(tx, access.team.id, changed)).map((r) => [r.id, r]));
  const records: AuditRecord[] = changed.map((p) => {
    const row = before.get(p.id)!; // every place names a row of `rows` (checked by the callers)
    const kind = row.type === 'category' ? 'category' : 'channel';
    return {
      action: kind === 'category' ? 'CATEGORY_UPDATED' : 'CHANNEL_UPDATED',
      targetType: kind,
      targetId: row.id,
      changes: [{ key: 'priority', old: row.priority, new: p.priority }],
    };
  });
  await recordAudits(tx, access.team.id, access.userId, records, repo);
  return { rows: rows.map((r) => written.get(r.id) ?? r), moved: true };
}

/**
 * Order the categories: `categoryIds` names every category of the team that the member may view,
 * each once (400 category_order_invalid otherwise), and they take the priorities 0 … n−1 in that
 * order; a category hidden from the member keeps its own. When any moved, the team's sessions get
 * CATEGORIES_PRIORITY_UPDATED with the whole order, each cut to the categories it may view. Returns
 * the member's categories in their new order.
 */
export async function reorderCategories(
  deps: ServiceDeps,
  access: TeamAccess,
  categoryIds: readonly string[],
  repo: ChannelRepository = channelRepository,
): Promise<ChannelRow[]> {
  const teamId = access.team.id;
  const places = categoryIds.map((id, priority) => ({ id, priority }));
  const { rows, moved } = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockTeamChannels(tx, teamId);
    const current = withRows(access, locked);
    const viewable = new Set(locked.filter((r) => r.type === 'category' && canView(current, r)).map((r) => r.id));
    if (categoryIds.length !== viewable.size || !categoryIds.every((id) => viewable.has(id))) {
      throw badRequest('category_order_invalid', { categories: 'category_order_invalid' });
    }
    return writePlaces(tx, current, locked, places, repo);
  });
  if (moved) {
    deps.accessCache.forget();
    await publishEvent(deps, {
      audience: { kind: 'team', teamId },
      event: { type: 'CATEGORIES_PRIORITY_UPDATED', data: { teamId, categories: places } },
    });
  }
  const listed = new Set(categoryIds);
  return rows.filter((r) => listed.has(r.id)).sort(byPlace);
}

/**
 * Set the places of channels of one category (`categoryId`, which must be a category of the team the
 * member may view: 404 category_not_found) or of the uncategorised channels (null). Each listed id
 * must be a channel in that category the member may view (400 channel_order_invalid); the schema
 * has refused repeated ids and places. Channels not listed keep theirs. When any moved, the team's
 * sessions get CHANNELS_PRIORITY_UPDATED with the listed places, each cut to the channels it may
 * view. Returns the channels of that category the member may view, in order.
 */
export async function reorderChannels(
  deps: ServiceDeps,
  access: TeamAccess,
  categoryId: string | null,
  places: readonly ChannelPlace[],
  repo: ChannelRepository = channelRepository,
): Promise<ChannelRow[]> {
  const teamId = access.team.id;
  const { rows, moved } = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockTeamChannels(tx, teamId);
    const current = withRows(access, locked);
    if (categoryId) viewableCategory(current, locked, categoryId);
    const inPlace = (id: string) => {
      const row = locked.find((r) => r.id === id);
      return row !== undefined && row.type !== 'category' && row.parentId === categoryId && canView(current, row);
    };
    if (!places.every((p) => inPlace(p.id))) throw badRequest('channel_order_invalid', { channels: 'channel_order_invalid' });
    return writePlaces(tx, current, locked, places, repo);
  });
  if (moved) {
    deps.accessCache.forget();
    const channels = places.map((p) => ({ id: p.id, parentId: categoryId, priority: p.priority }));
    await publishEvent(deps, { audience: { kind: 'team', teamId }, event: { type: 'CHANNELS_PRIORITY_UPDATED', data: { teamId, channels } } });
  }
  const current = withRows(access, rows);
  return rows.filter((r) => r.type !== 'category' && r.parentId === categoryId && canView(current, r)).sort(byPlace);
}

/** Where a channel goes: into a category (POST) or out of the one it is in (DELETE), at a place or after the channels there. */
export type ChannelMove = { channelId: string; priority?: number } & ({ into: string } | { outOf: string });

/**
 * Move a channel into a category of the team (from another one or from none) or take it out of the
 * category it is in (uncategorised; 400 channel_not_in_category when it is not in that one). The
 * channel and the category must be ones the member may view (404 channel_not_found /
 * category_not_found). It takes `priority` there, or the place after the channels already there.
 * Its CHANNEL_UPDATED entry (parentId and priority, old → new) is written with it; then
 * CHANNEL_UPDATED goes to the channel's audience, so that the gateway recomputes who sees it (it now
 * inherits another category's overwrites: a session that no longer sees it gets CHANNEL_DELETED, one
 * that comes to see it the update). Nothing that differs: the channel as it is, no entry, no event.
 */
export async function moveChannel(deps: ServiceDeps, access: TeamAccess, move: ChannelMove, repo: ChannelRepository = channelRepository): Promise<ChannelRow> {
  const teamId = access.team.id;
  const result = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockTeamChannels(tx, teamId);
    const current = withRows(access, locked);
    const channel = viewableChannel(current, locked, move.channelId);
    let parentId: string | null;
    if ('into' in move) {
      parentId = viewableCategory(current, locked, move.into).id;
    } else {
      viewableCategory(current, locked, move.outOf);
      if (channel.parentId !== move.outOf) throw badRequest('channel_not_in_category');
      parentId = null;
    }
    const priority = move.priority ?? (channel.parentId === parentId ? channel.priority : nextPlaceIn(locked, parentId, channel.id));
    if (channel.parentId === parentId && channel.priority === priority) return { row: channel, changed: false };
    const row = await repo.placeChannel(tx, channel.id, parentId, priority);
    const changes = [
      ...(channel.parentId === parentId ? [] : [{ key: 'parentId', old: channel.parentId, new: parentId }]),
      ...(channel.priority === priority ? [] : [{ key: 'priority', old: channel.priority, new: priority }]),
    ];
    await recordAudits(tx, teamId, access.userId, [{ action: 'CHANNEL_UPDATED', targetType: 'channel', targetId: channel.id, changes }], repo);
    return { row, changed: true };
  });
  if (result.changed) {
    deps.accessCache.forget();
    await publishEvent(deps, { audience: { kind: 'channel', channelId: result.row.id }, event: { type: 'CHANNEL_UPDATED', data: toChannel(result.row) } });
  }
  return result.row;
}
