import { ChannelPermission, hasBit } from '@rally/shared/permissions';
import type { ChannelUnread, TeamUnread, UnreadResponse } from '@rally/shared/api/unread';
import { publishEvent, type Publisher } from '../../lib/events';
import type { Executor } from '../../db/client';
import type { ServiceDeps } from '../../lib/service-deps';
import { notFound } from '../../lib/errors';
import { findMessageInChannel } from '../messages/repository';
import { channelPermissions, isDmAccess, loadAccessForUser, type AnyChannelAccess, type TeamAccess } from '../permissions/access';
import { readStateRepository, type ReadMarker, type ReadStateRepository, type UnreadRow } from './repository';

/** The bits that make a channel's messages the member's to read: viewing it and seeing its history. */
const READABLE = ChannelPermission.VIEW_CHANNEL | ChannelPermission.CAN_SEE_MESSAGE_HISTORY;

/** The team's channels whose messages the member may read (only text channels carry both bits). */
export function readableChannelIds(access: TeamAccess): string[] {
  return access.channels.filter((c) => c.type !== 'category' && hasBit(channelPermissions(access, c), READABLE)).map((c) => c.id);
}

const toChannelUnread = ({ channelId, unreadCount, mentionCount, lastReadId }: UnreadRow): ChannelUnread => ({
  channelId,
  unreadCount,
  mentionCount,
  lastReadId,
});

/**
 * 001 §7 GET /api/v1/teams/unread: the user's teams (what they may do in each, two round trips)
 * decide which channels count, then one statement counts them and the user's direct chats.
 */
export async function listUnread(db: Executor, userId: string, repo: ReadStateRepository = readStateRepository): Promise<Omit<UnreadResponse, 'success'>> {
  const accesses = await loadAccessForUser(db, userId);
  const channelIds = accesses.flatMap(readableChannelIds);
  // Every role held, and each team's default role (its id is the team id), which every member holds.
  const roleIds = accesses.flatMap((a) => [a.team.id, ...a.memberRoleIds]);
  const rows = await repo.countUnread(db, userId, channelIds, roleIds);

  const teams = new Map<string, TeamUnread>();
  const dmInfo: ChannelUnread[] = [];
  for (const row of rows) {
    if (row.teamId === null) {
      dmInfo.push(toChannelUnread(row));
      continue;
    }
    let team = teams.get(row.teamId);
    if (!team) teams.set(row.teamId, (team = { teamId: row.teamId, channelInfo: [], badgingInfo: { mentionCount: 0 } }));
    team.channelInfo.push(toChannelUnread(row));
    team.badgingInfo.mentionCount += row.mentionCount;
  }
  return { teamInfo: [...teams.values()], dmInfo };
}

/**
 * Mark Unread: the user's marker of the channel moves back to just before `messageId` (a message of
 * the channel, deleted or not: 404 message_not_found otherwise), and their sessions hear
 * MESSAGE_UNREAD with the channel's counts from there, counted as listUnread counts them (others'
 * messages after the marker and after the user's own newest one there).
 */
export async function markUnread(
  deps: ServiceDeps,
  { access, channel }: AnyChannelAccess,
  messageId: string,
  repo: ReadStateRepository = readStateRepository,
): Promise<void> {
  if (!(await findMessageInChannel(deps.db, channel.id, messageId))) throw notFound('message_not_found');
  const lastReadId = (BigInt(messageId) - 1n).toString();
  await repo.setReadMarker(deps.db, access.userId, channel.id, lastReadId);
  const dm = isDmAccess(access);
  const rows = dm
    ? await repo.countUnread(deps.db, access.userId, [], [])
    : await repo.countUnread(deps.db, access.userId, [channel.id], [access.team.id, ...access.memberRoleIds]);
  const row = rows.find((r) => r.channelId === channel.id);
  await publishEvent(deps, {
    audience: { kind: 'users', userIds: [access.userId] },
    event: {
      type: 'MESSAGE_UNREAD',
      data: { teamId: dm ? null : access.team.id, channelId: channel.id, lastReadId, unreadCount: row?.unreadCount ?? 0, mentionCount: row?.mentionCount ?? 0 },
    },
  });
}

/** Tell the user's sessions which read markers moved (one event per team; teamId null for direct chats). */
export async function publishRead(publisher: Publisher, userId: string, teamId: string | null, channels: ReadMarker[]): Promise<void> {
  if (channels.length === 0) return;
  await publishEvent(publisher, { audience: { kind: 'users', userIds: [userId] }, event: { type: 'MESSAGE_READ', data: { teamId, reads: channels } } });
}

/** 001 §7 DELETE /api/v1/teams/{id}/unread: every channel of the team that the member may read, read up to its newest message. */
export async function markTeamRead(deps: ServiceDeps, access: TeamAccess, repo: ReadStateRepository = readStateRepository): Promise<void> {
  const moved = await repo.markRead(deps.db, access.userId, readableChannelIds(access));
  await publishRead(deps, access.userId, access.team.id, moved);
}
