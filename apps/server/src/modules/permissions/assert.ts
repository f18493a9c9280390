import {
  CHANNEL_PERMISSION_SETS,
  ChannelPermission,
  hasBit,
  TeamPermission,
  type ChannelPermissionName,
  type TeamPermissionName,
} from '@rally/shared/permissions';
import { canActOnMember, canGrantBits, outranks, rankOf as sharedRankOf, type RankedMember } from '@rally/shared/permissions-rank';
import type { ErrorCode } from '@rally/shared/i18n/errors';
import { badRequest, forbidden } from '../../lib/errors';
import type { ChannelRow } from '../teams/mappers';
import { channelPermissions, type DmAccess, type TeamAccess } from './access';

/**
 * The one table from a permission bit to the error a member without it gets. Bits without their
 * own text answer `forbidden` ("You do not have permission to do that").
 */
const TEAM_ERRORS: Partial<Record<TeamPermissionName, ErrorCode>> = {
  CREATE_INVITES: 'no_permission_to_create_invites',
};
const CHANNEL_ERRORS: Partial<Record<ChannelPermissionName, ErrorCode>> = {
  VIEW_CHANNEL: 'no_permission_to_view_channel',
  SEND_MESSAGES: 'no_permission_to_send_messages',
  CAN_SEE_MESSAGE_HISTORY: 'no_permission_to_view_history',
};

/**
 * A channel bit that the channel's type does not have (CHANNEL_PERMISSION_SETS: SEND_MESSAGES on a
 * voice channel) means the action does not exist there: 400 with this text, or
 * channel_type_unsupported.
 */
const CHANNEL_TYPE_ERRORS: Partial<Record<ChannelPermissionName, ErrorCode>> = {
  SEND_MESSAGES: 'channel_messages_unsupported',
  CAN_SEE_MESSAGE_HISTORY: 'channel_messages_unsupported',
  MANAGE_MESSAGES: 'channel_messages_unsupported',
};

/** 403 unless the member holds the team permission (owners and administrators hold all). */
export function assertTeam(access: TeamAccess, permission: TeamPermissionName): void {
  if (!hasBit(access.teamPermissions, TeamPermission[permission])) throw forbidden(TEAM_ERRORS[permission] ?? 'forbidden');
}

/** 403 unless the member holds the permission on the channel; returns the member's permissions there. */
export function assertChannel(
  access: TeamAccess | DmAccess,
  channel: ChannelRow,
  permission: ChannelPermissionName,
  permissions = channelPermissions(access, channel),
): number {
  if (!hasBit(permissions, ChannelPermission[permission])) throw forbidden(CHANNEL_ERRORS[permission] ?? 'forbidden');
  return permissions;
}

/** 400 unless the permission applies to channels of this type. */
export function assertChannelType(channel: Pick<ChannelRow, 'type'>, permission: ChannelPermissionName): void {
  const set = CHANNEL_PERMISSION_SETS[channel.type];
  if (!hasBit(set.applicable, ChannelPermission[permission])) throw badRequest(CHANNEL_TYPE_ERRORS[permission] ?? 'channel_type_unsupported');
}

/** 403 unless the member created the team. */
export function assertOwner(access: TeamAccess): void {
  if (access.team.ownerId !== access.userId) throw forbidden();
}

/** The member as the shared rank rules see them (`@rally/shared/permissions-rank`). */
function ranked(access: TeamAccess) {
  return { teamId: access.team.id, ownerId: access.team.ownerId, userId: access.userId, memberRoleIds: access.memberRoleIds, roles: access.roles };
}

/**
 * The member's rank: the priority of their highest role (the default role counts as the lowest;
 * the creator outranks everyone). Spec 001 §6: a member acts on a role or a member only from above.
 */
export function rankOf(access: TeamAccess): number {
  return sharedRankOf(ranked(access));
}

/** 403 unless the member ranks strictly above `priority` (a role's, or another member's rank). */
export function assertOutranks(access: TeamAccess, priority: number): void {
  if (!outranks(ranked(access), priority)) throw forbidden();
}

/** 403 unless the member may kick, ban or change the roles of `target` (not the creator, not oneself, from above). */
export function assertActsOnMember(access: TeamAccess, target: RankedMember): void {
  if (!canActOnMember(ranked(access), target)) throw forbidden();
}

/** 403 unless the member holds every team bit in `bits` (what a role edit grants or revokes: `before ^ after`). */
export function assertGrants(access: TeamAccess, bits: number): void {
  if (!canGrantBits(access.teamPermissions, bits)) throw forbidden();
}
