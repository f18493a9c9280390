import type { Category, Channel, Role, Team } from '@rally/shared/api/teams';
import type { ChannelType } from '@rally/shared/permissions';
import type { channels, roles, teams } from '../../db/schema';

export type TeamRow = typeof teams.$inferSelect;
export type ChannelRow = typeof channels.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

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
    type: row.type as ChannelType,
    name: row.name,
    description: row.description,
    parentId: row.parentId,
    priority: row.priority,
    nsfw: row.nsfw,
    rateLimitPerUser: row.rateLimitPerUser,
    userLimit: row.userLimit,
    permissions: row.permissions,
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
  };
}
