import type { EndpointPermission } from '@rally/shared/api/endpoint';
import { permissionSource } from '@rally/shared/api/endpoint';
import { CHANNEL_PERMISSION_SETS, ChannelPermission, hasBit, type ChannelPermissionName } from '@rally/shared/permissions';
import { notFound } from '../../lib/errors';
import type { AnyChannelAccess, ChannelAccess, TeamAccess } from './access';
import { assertChannel, assertChannelType, assertOwner, assertTeam } from './assert';
import type { AccessCache } from './cache';

/** The channel bits a direct chat has (CHANNEL_PERMISSION_SETS.DM): the endpoints that require one of them serve DMs too. */
export type DmChannelPermissionName = 'VIEW_CHANNEL' | 'SEND_MESSAGES' | 'CAN_SEE_MESSAGE_HISTORY';

/**
 * What a declared permission hands the handler: the caller's access, and the channel for a channel
 * permission (a direct chat's too when the bit is one of a DM's).
 */
export type Granted<X> = X extends { channel: DmChannelPermissionName } | { channel: string; dm: 'member' }
  ? AnyChannelAccess
  : X extends { channel: string }
    ? ChannelAccess
    : X extends { team: string }
      ? { access: TeamAccess }
      : unknown;

/** Whether a direct chat can be what an endpoint requiring this bit acts on: a DM's bit, or any bit with `dm: 'member'`. */
const servesDms = (permission: { channel: ChannelPermissionName; dm?: 'member' }) =>
  permission.dm === 'member' || hasBit(CHANNEL_PERMISSION_SETS.DM.applicable, ChannelPermission[permission.channel]);

/** The validated request parts a permission reads its id from. */
export interface PermissionInput {
  params: unknown;
  body: unknown;
}

function idOf(input: PermissionInput, permission: Exclude<EndpointPermission, { none: string }>): string | null {
  const { part, key } = permissionSource(permission);
  const value = (input[part] as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : null;
}

/**
 * Check an endpoint's declared permission for the signed-in `userId` (docs/permissions.md), in this
 * order: the team or channel exists and the caller is a member (404 team_not_found /
 * channel_not_found, or category_not_found when the id is a `categoryId`, so that existence is not
 * revealed); for a channel, VIEW_CHANNEL (403), the
 * bit's applying to the channel's type (400), the bit (403) — in a direct chat, with `dm: 'member'`,
 * nothing more; for a team, the bit, membership alone
 * or ownership (403). Returns what the handler receives.
 */
export async function requirePermission(
  cache: AccessCache,
  userId: string,
  permission: EndpointPermission,
  input: PermissionInput,
): Promise<Granted<EndpointPermission>> {
  if ('none' in permission) return {};
  const id = idOf(input, permission);
  if ('team' in permission) {
    const access = id ? await cache.team(id, userId) : null;
    if (!access) throw notFound('team_not_found');
    if (permission.team === 'owner') assertOwner(access);
    else if (permission.team !== 'member') assertTeam(access, permission.team);
    return { access };
  }
  // A direct chat is found too, for its members; the endpoints of other bits do not know it (404).
  const found = id ? await cache.channel(id, userId) : null;
  const pathTeamId = (input.params as { teamId?: unknown } | undefined)?.teamId;
  // A requirement read from a `categoryId` is on a category; any other on a channel that is not one.
  const wantsCategory = permissionSource(permission).key === 'categoryId';
  if (
    !found ||
    (found.channel.type === 'category') !== wantsCategory ||
    (pathTeamId !== undefined && pathTeamId !== found.channel.teamId) ||
    (found.channel.type === 'DM' && !servesDms(permission))
  ) {
    throw notFound(wantsCategory ? 'category_not_found' : 'channel_not_found');
  }
  const mask = assertChannel(found.access, found.channel, 'VIEW_CHANNEL');
  // `dm: 'member'`: every member of a direct chat may (being one is what the chat's access proves).
  if (found.channel.type === 'DM' && permission.dm === 'member') return found;
  assertChannelType(found.channel, permission.channel);
  assertChannel(found.access, found.channel, permission.channel, mask);
  return found;
}
