import { ChannelPermission, computeChannelPermissions, computeTeamPermissions, hasBit, type PermissionContext } from '@rally/shared/permissions';
import type { Executor } from '../../db/client';
import { readAll } from '../../db/read-all';
import type { ChannelRow, RoleRow, TeamRow } from '../teams/mappers';
import { findChannels, findChannelTeamId, findMemberships, findRoles, findTeams, type Membership } from './repository';

/** Everything needed to decide what one member may do in one team. */
export interface TeamAccess {
  team: TeamRow;
  userId: string;
  memberRoleIds: string[];
  roles: RoleRow[];
  /** Channels and categories of the team. */
  channels: ChannelRow[];
  teamPermissions: number;
}

function context(access: Omit<TeamAccess, 'teamPermissions' | 'channels'>): PermissionContext {
  return { teamId: access.team.id, ownerId: access.team.ownerId, userId: access.userId, memberRoleIds: access.memberRoleIds, roles: access.roles };
}

/** Effective permissions of the member on one channel of the team (its category's overwrites included). */
export function channelPermissions(access: TeamAccess, channel: ChannelRow): number {
  const category = channel.parentId ? access.channels.find((c) => c.id === channel.parentId) : undefined;
  return computeChannelPermissions(context(access), { type: channel.type as never, permissions: channel.permissions }, category && { permissions: category.permissions });
}

export function canView(access: TeamAccess, channel: ChannelRow): boolean {
  return hasBit(channelPermissions(access, channel), ChannelPermission.VIEW_CHANNEL);
}

function assemble(userId: string, memberships: Membership[], teamRows: TeamRow[], roleRows: RoleRow[], channelRows: ChannelRow[]): TeamAccess[] {
  return memberships.flatMap((m) => {
    const team = teamRows.find((t) => t.id === m.teamId);
    if (!team) return [];
    const base = { team, userId, memberRoleIds: m.roleIds, roles: roleRows.filter((r) => r.teamId === team.id) };
    return [{ ...base, channels: channelRows.filter((c) => c.teamId === team.id), teamPermissions: computeTeamPermissions(context(base)) }];
  });
}

/** The access of every team the user is a member of (READY): two round trips. */
export async function loadAccessForUser(db: Executor, userId: string): Promise<TeamAccess[]> {
  const memberships = await findMemberships(db, userId);
  if (memberships.length === 0) return [];
  const ids = memberships.map((m) => m.teamId);
  const [teamRows, roleRows, channelRows] = await readAll(db, [() => findTeams(db, ids), () => findRoles(db, ids), () => findChannels(db, ids)]);
  return assemble(userId, memberships, teamRows, roleRows, channelRows);
}

/** Access of one member to one team, or null when the user is not a member (or the team does not exist): one round trip. */
export async function loadTeamAccess(db: Executor, teamId: string, userId: string): Promise<TeamAccess | null> {
  const ids = [teamId];
  const [memberships, teamRows, roleRows, channelRows] = await readAll(db, [
    () => findMemberships(db, userId, ids),
    () => findTeams(db, ids),
    () => findRoles(db, ids),
    () => findChannels(db, ids),
  ]);
  return assemble(userId, memberships, teamRows, roleRows, channelRows)[0] ?? null;
}

/** The team channel with its team access for a member, or null when either is missing: two round trips. */
export async function loadChannelAccess(db: Executor, channelId: string, userId: string): Promise<{ access: TeamAccess; channel: ChannelRow } | null> {
  const teamId = await findChannelTeamId(db, channelId);
  if (!teamId) return null;
  const access = await loadTeamAccess(db, teamId, userId);
  const channel = access?.channels.find((c) => c.id === channelId);
  return access && channel ? { access, channel } : null;
}
