import type { AuditChange } from '@rally/shared/api/moderation';
import type { CreateChannelRequest, OverwriteRequest, UpdateChannelRequest } from '@rally/shared/api/channels';
import { CHANNEL_PERMISSION_SETS } from '@rally/shared/permissions';
import { canGrantBits } from '@rally/shared/permissions-rank';
import { publishEvent } from '../../lib/events';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/snowflake';
import type { ServiceDeps } from '../../lib/service-deps';
import { recordAudit } from '../audit/service';
import { canView, channelPermissions, type ChannelAccess, type TeamAccess } from '../permissions/access';
import { assertActsOnMember, assertOutranks } from '../permissions/assert';
import type { OverwriteTarget } from '../permissions/repository';
import { removeUploads, type StorageDeps } from '../uploads/records';
import { releaseChannelUploads } from '../uploads/repository';
import { toCategory, toChannel, type ChannelRow } from '../teams/mappers';
import { channelRepository, type ChannelPatch, type ChannelRepository } from './repository';

type Kind = 'channel' | 'category';

const kindOf = (row: ChannelRow): Kind => (row.type === 'category' ? 'category' : 'channel');

/**
 * After a commit: the request's cached access is stale, and the change goes live to the row's
 * audience (the gateway recomputes who sees what on CHANNEL_* and CATEGORY_*, permissions/visibility-changes.ts).
 */
async function publishChange(deps: ServiceDeps, change: 'created' | 'updated', row: ChannelRow): Promise<void> {
  deps.accessCache.forget();
  const audience = { kind: 'channel' as const, channelId: row.id };
  if (kindOf(row) === 'category') {
    const data = toCategory(row);
    await publishEvent(
      deps,
      change === 'created' ? { audience, event: { type: 'CATEGORY_CREATED', data } } : { audience, event: { type: 'CATEGORY_UPDATED', data } },
    );
  } else {
    const data = toChannel(row);
    await publishEvent(
      deps,
      change === 'created' ? { audience, event: { type: 'CHANNEL_CREATED', data } } : { audience, event: { type: 'CHANNEL_UPDATED', data } },
    );
  }
}

async function publishDeleted(deps: ServiceDeps, row: ChannelRow): Promise<void> {
  deps.accessCache.forget();
  const audience = { kind: 'channel' as const, channelId: row.id };
  const data = { id: row.id, teamId: row.teamId ?? '' };
  await publishEvent(
    deps,
    kindOf(row) === 'category' ? { audience, event: { type: 'CATEGORY_DELETED', data } } : { audience, event: { type: 'CHANNEL_DELETED', data } },
  );
}

/** 400 unless `categoryId` (when given) is a category of the member's team (the database only knows it is a channel). */
function assertParent(access: TeamAccess, categoryId: string | null | undefined): string | null {
  if (!categoryId) return null;
  const parent = access.channels.find((c) => c.id === categoryId);
  if (parent?.type !== 'category') throw badRequest('channel_parent_invalid', { categoryId: 'channel_parent_invalid' });
  return parent.id;
}

/** What an edit writes (the fields of `patch` that differ from `row`) and its audit changes. */
function changesOf(row: ChannelRow, patch: ChannelPatch): { write: ChannelPatch; audit: AuditChange[] } {
  const write: ChannelPatch = {};
  const audit: AuditChange[] = [];
  for (const key of ['name', 'description', 'rateLimitPerUser', 'userLimit', 'nsfw', 'region'] as const) {
    const value = patch[key];
    if (value === undefined || value === row[key]) continue;
    Object.assign(write, { [key]: value });
    audit.push({ key, old: row[key], new: value });
  }
  // The stream is audited field by field (an audit change holds plain values).
  const stream = patch.additionalData;
  if (stream) {
    const old = row.additionalData;
    for (const key of ['streamPlatform', 'streamChannel'] as const) {
      if (stream[key] !== old?.[key]) audit.push({ key: `additionalData.${key}`, old: old?.[key] ?? null, new: stream[key] });
    }
    if (audit.some((c) => c.key.startsWith('additionalData.'))) write.additionalData = stream;
  }
  return { write, audit };
}

/**
 * Create a channel (the endpoint checked MANAGE_CHANNELS): in a category of the team or at the top,
 * after the team's last row. The row and its CHANNEL_CREATED entry in one transaction. A
 * watch-stream's stream (additionalData, validated by the contract, which refuses it for the other
 * types) is stored with it.
 */
export async function createChannel(
  deps: ServiceDeps,
  access: TeamAccess,
  input: CreateChannelRequest,
  repo: ChannelRepository = channelRepository,
): Promise<ChannelRow> {
  const parentId = assertParent(access, input.categoryId);
  const teamId = access.team.id;
  const row = await deps.db.transaction(async (tx) => {
    const created = await repo.insertChannel(tx, {
      id: newId(),
      teamId,
      type: input.type,
      name: input.name,
      parentId,
      priority: await repo.nextPriority(tx, teamId),
      additionalData: input.type === 'watchstream' ? (input.additionalData ?? null) : null,
    });
    const changes = [
      { key: 'name', old: null, new: created.name },
      { key: 'type', old: null, new: created.type },
    ];
    await recordAudit(tx, teamId, access.userId, { action: 'CHANNEL_CREATED', targetType: 'channel', targetId: created.id, changes }, repo);
    return created;
  });
  await publishChange(deps, 'created', row);
  return row;
}

/** Create a category (the endpoint checked MANAGE_CHANNELS), after the team's last row, with its CATEGORY_CREATED entry. */
export async function createCategory(deps: ServiceDeps, access: TeamAccess, name: string, repo: ChannelRepository = channelRepository): Promise<ChannelRow> {
  const teamId = access.team.id;
  const row = await deps.db.transaction(async (tx) => {
    const created = await repo.insertChannel(tx, { id: newId(), teamId, type: 'category', name, priority: await repo.nextPriority(tx, teamId) });
    const changes = [{ key: 'name', old: null, new: name }];
    await recordAudit(tx, teamId, access.userId, { action: 'CATEGORY_CREATED', targetType: 'category', targetId: created.id, changes }, repo);
    return created;
  });
  await publishChange(deps, 'created', row);
  return row;
}

/**
 * Edit a channel's or a category's settings (the endpoint checked MANAGE_CHANNEL on it): the row is
 * locked, the fields that change are written with a *_UPDATED entry listing them; nothing changes
 * (no entry, no event) when none differs.
 */
export async function updateChannel(
  deps: ServiceDeps,
  { access, channel }: ChannelAccess,
  patch: UpdateChannelRequest | Pick<ChannelPatch, 'region'>,
  repo: ChannelRepository = channelRepository,
): Promise<ChannelRow> {
  const teamId = access.team.id;
  const kind = kindOf(channel);
  if ('additionalData' in patch && patch.additionalData && channel.type !== 'watchstream')
    throw badRequest('stream_data_unsupported', { additionalData: 'stream_data_unsupported' });
  const result = await deps.db.transaction(async (tx) => {
    const current = await repo.lockChannel(tx, teamId, channel.id);
    if (!current) throw notFound(kind === 'category' ? 'category_not_found' : 'channel_not_found');
    const { write, audit } = changesOf(current, patch);
    if (audit.length === 0) return { row: current, changed: false };
    const row = await repo.updateChannel(tx, channel.id, write);
    const action = kind === 'category' ? 'CATEGORY_UPDATED' : 'CHANNEL_UPDATED';
    await recordAudit(tx, teamId, access.userId, { action, targetType: kind, targetId: row.id, changes: audit }, repo);
    return { row, changed: true };
  });
  if (result.changed) await publishChange(deps, 'updated', result.row);
  return result.row;
}

/**
 * Delete a channel, or a category whose channels stay, uncategorised (the endpoint checked
 * MANAGE_CHANNEL on it), with its *_DELETED entry; its messages' files are released in the same
 * transaction and removed after it (uploads/records.ts). A category's channels are then published
 * as updated (no parent) and the row as deleted.
 */
export async function deleteChannel(deps: StorageDeps, { access, channel }: ChannelAccess, repo: ChannelRepository = channelRepository): Promise<void> {
  const teamId = access.team.id;
  const kind = kindOf(channel);
  const now = new Date();
  const { row, released, files } = await deps.db.transaction(async (tx) => {
    const released = kind === 'category' ? await repo.releaseChildren(tx, channel.id) : [];
    const files = await releaseChannelUploads(tx, channel.id, now);
    const deleted = await repo.deleteChannel(tx, teamId, channel.id);
    if (!deleted) throw notFound(kind === 'category' ? 'category_not_found' : 'channel_not_found');
    const action = kind === 'category' ? 'CATEGORY_DELETED' : 'CHANNEL_DELETED';
    await recordAudit(
      tx,
      teamId,
      access.userId,
      { action, targetType: kind, targetId: deleted.id, changes: [{ key: 'name', old: deleted.name, new: null }] },
      repo,
    );
    return { row: deleted, released, files };
  });
  await removeUploads(deps, files, now);
  for (const child of released) await publishChange(deps, 'updated', child);
  await publishDeleted(deps, row);
}

/**
 * Clone a channel the member sees (the endpoint checked MANAGE_CHANNELS): same type, name,
 * settings, category and overwrites, no messages, after the team's last row; CHANNEL_CREATED entry.
 */
export async function cloneChannel(deps: ServiceDeps, access: TeamAccess, channelId: string, repo: ChannelRepository = channelRepository): Promise<ChannelRow> {
  const source = access.channels.find((c) => c.id === channelId && c.type !== 'category');
  if (!source || !canView(access, source)) throw notFound('channel_not_found');
  const teamId = access.team.id;
  const row = await deps.db.transaction(async (tx) => {
    const { id: _id, createdAt: _createdAt, ...settings } = source;
    const created = await repo.insertChannel(tx, { ...settings, id: newId(), priority: await repo.nextPriority(tx, teamId) });
    const changes = [
      { key: 'name', old: null, new: created.name },
      { key: 'type', old: null, new: created.type },
    ];
    await recordAudit(
      tx,
      teamId,
      access.userId,
      { action: 'CHANNEL_CREATED', targetType: 'channel', targetId: created.id, changes, options: { channelId: source.id } },
      repo,
    );
    return created;
  });
  await publishChange(deps, 'created', row);
  return row;
}

/**
 * 403 unless the member may set this overwrite: a role only from above it (404 role_not_found for a
 * role of another team), a user only when a member (404 member_not_found) and only from above them
 * (the rank rule of kick, ban and role changes: never oneself or the creator); then 400 when a bit
 * does not apply to the channel's type or is both allowed and denied; the bits it changes (allow or
 * deny, either way) only those the member holds on the channel.
 */
async function assertMaySetOverwrite(deps: ServiceDeps, { access, channel }: ChannelAccess, target: OverwriteTarget, next: OverwriteRequest): Promise<void> {
  if (target.kind === 'role') {
    const role = access.roles.find((r) => r.id === target.id);
    if (!role) throw notFound('role_not_found');
    assertOutranks(access, role.priority);
  } else {
    const member = await deps.accessCache.team(access.team.id, target.id);
    if (!member) throw notFound('member_not_found');
    assertActsOnMember(access, { userId: target.id, memberRoleIds: member.memberRoleIds });
  }
  const applicable = CHANNEL_PERMISSION_SETS[channel.type].applicable;
  if (((next.allow | next.deny) & ~applicable) !== 0 || (next.allow & next.deny) !== 0) throw badRequest('overwrite_bits_invalid');
  const old = channel.permissions[target.kind][target.id] ?? { allow: 0, deny: 0 };
  const changed = (old.allow ^ next.allow) | (old.deny ^ next.deny);
  if (!canGrantBits(channelPermissions(access, channel), changed)) throw forbidden();
}

/**
 * Set a role's or a user's overwrite on a channel or a category (the endpoint checked
 * MANAGE_CHANNEL there); allow and deny both 0 remove it. Written by setChannelOverwrite (under the
 * row's lock) with its *_UPDATED entry in one transaction; the UPDATED event makes the gateway
 * recompute who sees the channel (or the category's channels).
 */
export async function setOverwrite(
  deps: ServiceDeps,
  granted: ChannelAccess,
  target: OverwriteTarget,
  next: OverwriteRequest,
  repo: ChannelRepository = channelRepository,
): Promise<ChannelRow> {
  await assertMaySetOverwrite(deps, granted, target, next);
  const { access, channel } = granted;
  const kind = kindOf(channel);
  const row = await deps.db.transaction(async (tx) => {
    const result = await repo.setChannelOverwrite(tx, channel.id, target, next.allow === 0 && next.deny === 0 ? null : next);
    if ('missing' in result) throw notFound(result.missing === 'role' ? 'role_not_found' : kind === 'category' ? 'category_not_found' : 'channel_not_found');
    const old = channel.permissions[target.kind][target.id] ?? { allow: 0, deny: 0 };
    const changes = [
      { key: `${target.kind}.allow`, id: target.id, old: old.allow, new: next.allow },
      { key: `${target.kind}.deny`, id: target.id, old: old.deny, new: next.deny },
    ];
    const action = kind === 'category' ? 'CATEGORY_UPDATED' : 'CHANNEL_UPDATED';
    await recordAudit(tx, access.team.id, access.userId, { action, targetType: kind, targetId: channel.id, changes }, repo);
    return result.channel;
  });
  await publishChange(deps, 'updated', row);
  return row;
}
