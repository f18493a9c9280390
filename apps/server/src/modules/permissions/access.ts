import {
  CHANNEL_PERMISSION_SETS,
  ChannelPermission,
  computeChannelPermissions,
  computeTeamPermissions,
  hasBit,
  type PermissionContext,
} from '@rally/shared/permissions';
import type { Executor } from '../../db/client';
import { readAll } from '../../db/read-all';
import type { ChannelRow, RoleRow, TeamRow } from '../teams/mappers';
import { findChannels, findMemberships, findMembershipsInTeam, findRoles, findTeams, type Membership, type TeamsOf } from './repository';

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

/**
 * What a member of a direct chat may do there, in place of a team's access (DMs have no team or
 * roles): the DM set of bits (CHANNEL_PERMISSION_SETS.DM), without SEND_MESSAGES in a read-only
 * (system) chat.
 */
export interface DmAccess {
  userId: string;
  /** Everyone in the chat, the member included. */
  memberIds: string[];
  readOnly: boolean;
}

/**
 * Effective permissions of the member on one channel of the team (its category's overwrites
 * included), or of a direct chat's member on its channel.
 */
export function channelPermissions(access: TeamAccess | DmAccess, channel: ChannelRow): number {
  if (isDmAccess(access)) {
    const bits = CHANNEL_PERMISSION_SETS.DM.defaults;
    return access.readOnly ? bits & ~ChannelPermission.SEND_MESSAGES : bits;
  }
  const category = channel.parentId ? access.channels.find((c) => c.id === channel.parentId) : undefined;
  return computeChannelPermissions(
    context(access),
    { type: channel.type, permissions: channel.permissions },
    category && { permissions: category.permissions },
  );
}

export function isDmAccess(access: TeamAccess | DmAccess): access is DmAccess {
  return 'memberIds' in access;
}

export function canView(access: TeamAccess, channel: ChannelRow): boolean {
  return hasBit(channelPermissions(access, channel), ChannelPermission.VIEW_CHANNEL);
}

/** The rows of one team that decide what its members may do. */
export interface TeamData {
  team: TeamRow;
  roles: RoleRow[];
  /** Channels and categories of the team. */
  channels: ChannelRow[];
}

/** A member's access from the team's rows and the ids of the roles they hold. */
export function accessOf(data: TeamData, userId: string, memberRoleIds: string[]): TeamAccess {
  const base = { team: data.team, userId, memberRoleIds, roles: data.roles };
  return { ...base, channels: data.channels, teamPermissions: computeTeamPermissions(context(base)) };
}

function assemble(userId: string, memberships: Membership[], teamRows: TeamRow[], roleRows: RoleRow[], channelRows: ChannelRow[]): TeamAccess[] {
  return memberships.flatMap((m) => {
    const team = teamRows.find((t) => t.id === m.teamId);
    if (!team) return [];
    const data = { team, roles: roleRows.filter((r) => r.teamId === team.id), channels: channelRows.filter((c) => c.teamId === team.id) };
    return [accessOf(data, userId, m.roleIds)];
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

/**
 * One team: by its id, or as the team of a channel (`{ channelId }`), which the reads find
 * themselves (repository.ts, TeamsOf): no round trip of its own. A DM or an unknown channel is no team.
 */
export type TeamKey = string | { channelId: string };

const teamsOf = (team: TeamKey): TeamsOf => (typeof team === 'string' ? [team] : team);

/** The team's rows, or null when there is no such team: three reads in one round trip. */
export async function loadTeamData(db: Executor, team: TeamKey): Promise<TeamData | null> {
  const of = teamsOf(team);
  const [teamRows, roles, channels] = await readAll(db, [() => findTeams(db, of), () => findRoles(db, of), () => findChannels(db, of)]);
  return teamRows[0] ? { team: teamRows[0], roles, channels } : null;
}

/** The ids of the roles the user holds in the team, or null when they are not a member: one read. */
export async function loadMemberRoleIds(db: Executor, team: TeamKey, userId: string): Promise<string[] | null> {
  const [membership] = await findMemberships(db, userId, teamsOf(team));
  return membership?.roleIds ?? null;
}

/**
 * Access of one member to one team, or null when the user is not a member (or the team does not
 * exist): four reads in one round trip. Within a request, read it through the request's
 * AccessCache (cache.ts) instead; this is for transactions.
 */
export async function loadTeamAccess(db: Executor, teamId: string, userId: string): Promise<TeamAccess | null> {
  const [data, roleIds] = await readAll(db, [() => loadTeamData(db, teamId), () => loadMemberRoleIds(db, teamId, userId)]);
  return data && roleIds ? accessOf(data, userId, roleIds) : null;
}

/**
 * The access of several users to one team, by user id; a user who is not a member is absent (all
 * are, when the team does not exist). Four reads in one round trip, however many users: the
 * team's rows, and the memberships of them all in one read (the gateway asks for every session of
 * the team at once).
 */
export async function loadTeamAccessOfMembers(db: Executor, teamId: string, userIds: readonly string[]): Promise<Map<string, TeamAccess>> {
  const [data, memberships] = await readAll(db, [() => loadTeamData(db, teamId), () => findMembershipsInTeam(db, teamId, userIds)]);
  const out = new Map<string, TeamAccess>();
  if (!data) return out;
  for (const { userId, roleIds } of memberships) out.set(userId, accessOf(data, userId, roleIds));
  return out;
}

/** A team channel (or category) with the member's access to its team. */
export interface ChannelAccess {
  access: TeamAccess;
  channel: ChannelRow;
}

/**
 * A channel that carries messages, a team's or a direct chat's, with the member's access (what the
 * message endpoints receive; isDmAccess(access) tells which).
 */
export interface AnyChannelAccess {
  access: TeamAccess | DmAccess;
  channel: ChannelRow;
}
