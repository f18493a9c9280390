import type { VoiceRegion } from '@rally/shared/voice/regions';
import type { Category, Channel, Member, Role, Team } from '@rally/shared/api/teams';
import { computeTeamPermissions } from '@rally/shared/permissions';
import type { channels, roles, teams } from '../../db/schema';
import type { StatusColumns } from '../users/repository';
import { toActivity, toUserStatus } from '../users/status';

export type TeamRow = typeof teams.$inferSelect;
export type ChannelRow = typeof channels.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

/** A membership with the user fields a member list shows. */
export interface MemberRow extends StatusColumns {
  userId: string;
  roleIds: string[];
  joinedAt: Date;
  username: string;
  slug: string;
  profilePicture: string | null;
  presence: number;
  bot: boolean;
  system: boolean;
}

export function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    name: row.name,
    profilePicture: row.profilePicture,
    banner: row.banner,
    description: row.description,
    createdBy: row.ownerId,
    isVerified: row.isVerified,
    isSafeForTeen: row.isSafeForTeen,
    isDiscoverable: row.isDiscoverable,
    memberCount: row.memberCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toChannel(row: ChannelRow): Channel {
  return {
    id: row.id,
    teamId: row.teamId,
    type: row.type,
    name: row.name,
    description: row.description,
    parentId: row.parentId,
    priority: row.priority,
    nsfw: row.nsfw,
    rateLimitPerUser: row.rateLimitPerUser,
    userLimit: row.userLimit,
    region: row.region as VoiceRegion,
    permissions: row.permissions,
    additionalData: row.additionalData ?? null,
  };
}

export function toCategory(row: ChannelRow): Category {
  return { id: row.id, teamId: row.teamId ?? '', name: row.name, priority: row.priority, permissions: row.permissions };
}

export function toRole(row: RoleRow): Role {
  return {
    id: row.id,
    teamId: row.teamId,
    name: row.name,
    color: row.color,
    color2: row.color2,
    priority: row.priority,
    permissions: row.permissions,
    iconEmojiId: row.iconEmojiId,
    isDisplayedSeparately: row.isDisplayedSeparately,
    mentionable: row.mentionable,
    isSelfAssignable: row.isSelfAssignable,
    description: row.description,
    botUserId: row.botUserId,
  };
}

/** The member's team permission mask. */
export function memberPermissions(row: Pick<MemberRow, 'userId' | 'roleIds'>, team: TeamRow, teamRoles: readonly RoleRow[]): number {
  return computeTeamPermissions({ teamId: team.id, ownerId: team.ownerId, userId: row.userId, memberRoleIds: row.roleIds, roles: teamRoles });
}

/** A member as the member list shows it; `permissions` is the member's team permission mask (computed unless given). */
export function toMember(row: MemberRow, team: TeamRow, teamRoles: readonly RoleRow[], permissions = memberPermissions(row, team, teamRoles)): Member {
  return {
    id: row.userId,
    username: row.username,
    subdomain: row.slug,
    profilePicture: row.profilePicture,
    bot: row.bot,
    system: row.system,
    roles: row.roleIds,
    permissions,
    joinedAt: row.joinedAt.toISOString(),
    presence: row.presence as Member['presence'],
    userStatus: toUserStatus(row),
    userRPC: toActivity(row.activity),
  };
}
