import type { Category, Channel, Member, Role, Team } from '@rally/shared/api/teams';
import { computeChannelPermissions, computeTeamPermissions, hasBit, type PermissionContext } from '@rally/shared/permissions';
import { canActOnMember, canActOnRole, canDeleteRole, canGrantBits, canLeaveTeam, rankOf, type RankContext } from '@rally/shared/permissions-rank';
import { useMemo } from 'react';
import { useMeUser } from '../auth/queries';
import { useTeamChannels } from './channel-queries';
import { useTeamMembers } from './members-queries';
import { useTeamRoles, useTeams } from './queries';

/**
 * What the signed-in user may do in one team, computed with the same engine the server uses
 * (packages/shared permissions.ts and permissions-rank.ts): the client hides what the server would
 * refuse. The server still checks every call.
 */
export interface TeamAccess {
  /** Roles and the user's membership are loaded (before that, everything is refused). */
  ready: boolean;
  userId: string;
  isOwner: boolean;
  /** The user's team permission mask (every bit for the owner and ADMINISTRATOR). */
  teamPermissions: number;
  /** Holds the team bit (TeamPermission.X). */
  can: (bit: number) => boolean;
  /** The user's permission mask on a channel or category of the team (its category's overwrites included). */
  channelPermissions: (channel: Pick<Channel, 'type' | 'permissions' | 'parentId'>) => number;
  /** Holds the channel bit (ChannelPermission.X) on the channel. */
  canOnChannel: (channel: Pick<Channel, 'type' | 'permissions' | 'parentId'>, bit: number) => boolean;
  /** The user's rank context (owner, roles, held role ids). */
  rank: RankContext;
  /** The user's rank (OWNER_RANK for the creator). */
  rankValue: number;
  canActOnRole: (role: Pick<Role, 'priority'>) => boolean;
  canDeleteRole: (role: Pick<Role, 'id' | 'priority'> & { botUserId?: string | null }) => boolean;
  /** Kick, ban or change the roles of the member (never the creator or oneself). */
  canActOnMember: (member: Pick<Member, 'id' | 'roles'>) => boolean;
  /** Grant or revoke these bits (only bits the user holds). */
  canGrant: (bits: number) => boolean;
  canLeave: boolean;
}

export interface TeamAccessInput {
  team: Pick<Team, 'id' | 'createdBy'>;
  userId: string | undefined;
  roles: readonly Role[] | undefined;
  /** Role ids the user holds (without the default role), or undefined while unknown. */
  myRoleIds: readonly string[] | undefined;
  categories: readonly Pick<Category, 'id' | 'permissions'>[];
}

/** TeamAccess from loaded data (pure: tested without React). */
export function teamAccess({ team, userId = '', roles, myRoleIds, categories }: TeamAccessInput): TeamAccess {
  const isOwner = userId !== '' && userId === team.createdBy;
  const ready = !!roles && (isOwner || !!myRoleIds);
  const ctx: PermissionContext = { teamId: team.id, ownerId: team.createdBy, userId, memberRoleIds: myRoleIds ?? [], roles: roles ?? [] };
  const teamPermissions = ready ? computeTeamPermissions(ctx) : 0;
  const channelPermissions: TeamAccess['channelPermissions'] = (channel) => {
    if (!ready) return 0;
    const category = channel.parentId ? categories.find((c) => c.id === channel.parentId) : undefined;
    return computeChannelPermissions(ctx, channel, category);
  };
  const rank: RankContext = ready ? ctx : { ...ctx, userId: '', memberRoleIds: [] };
  return {
    ready,
    userId,
    isOwner,
    teamPermissions,
    can: (bit) => ready && hasBit(teamPermissions, bit),
    channelPermissions,
    canOnChannel: (channel, bit) => hasBit(channelPermissions(channel), bit),
    rank,
    rankValue: rankOf(rank),
    canActOnRole: (role) => ready && canActOnRole(rank, role),
    canDeleteRole: (role) => ready && canDeleteRole({ ...rank, teamId: team.id }, role),
    canActOnMember: (member) => ready && canActOnMember(rank, { userId: member.id, memberRoleIds: member.roles }),
    canGrant: (bits) => ready && canGrantBits(teamPermissions, bits),
    canLeave: ready && canLeaveTeam(ctx),
  };
}

/** The signed-in user's TeamAccess in a team, from the cached roles, members and categories (live events keep them current). */
export function useTeamAccess(team: Pick<Team, 'id' | 'createdBy'>): TeamAccess {
  const userId = useMeUser()?.id;
  const roles = useTeamRoles(team.id).data;
  const members = useTeamMembers(team.id).data;
  const categories = useTeamChannels(team.id).data?.categories;
  const myRoleIds = members?.find((m) => m.id === userId)?.roles;
  return useMemo(
    () => teamAccess({ team: { id: team.id, createdBy: team.createdBy }, userId, roles, myRoleIds, categories: categories ?? [] }),
    [team.id, team.createdBy, userId, roles, myRoleIds, categories],
  );
}

/**
 * The signed-in user's permission mask on a channel of a team and the channel itself, from the
 * cached team, roles and channels; null in a direct chat (`teamId` null) or until they are loaded.
 */
export function useChannelPermissions(teamId: string | null, channelId: string): { channel: Channel; permissions: number } | null {
  const team = useTeams().data?.find((t) => t.id === teamId);
  const channel = useTeamChannels(teamId ?? '', teamId !== null).data?.channels.find((c) => c.id === channelId);
  const access = useTeamAccess(team ?? { id: teamId ?? '', createdBy: '' });
  return team && channel && access.ready ? { channel, permissions: access.channelPermissions(channel) } : null;
}
