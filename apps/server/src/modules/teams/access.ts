import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { ChannelPermission, computeChannelPermissions, computeTeamPermissions, hasBit, type PermissionContext } from '@rally/shared/permissions';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { channels, roles, teamMembers, teams } from '../../db/schema';
import type { ChannelRow, RoleRow, TeamRow } from './mappers';

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

/**
 * Run independent reads in parallel on a pool, one after another inside a transaction (a
 * transaction holds one connection, and node-postgres refuses overlapping queries on it).
 */
export async function readAll<T extends readonly unknown[]>(db: Executor, reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}

/** Load the access of every team the user is a member of, in a fixed number of queries. */
export async function loadAccessForUser(db: Executor, userId: string, teamIds?: string[]): Promise<TeamAccess[]> {
  const memberships = await db
    .select({ teamId: teamMembers.teamId, roleIds: teamMembers.roleIds })
    .from(teamMembers)
    .where(teamIds ? and(eq(teamMembers.userId, userId), inArray(teamMembers.teamId, teamIds)) : eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.teamId));
  if (memberships.length === 0) return [];
  const ids = memberships.map((m) => m.teamId);
  const [teamRows, roleRows, channelRows] = await readAll(db, [
    () => db.select().from(teams).where(inArray(teams.id, ids)),
    () => db.select().from(roles).where(inArray(roles.teamId, ids)).orderBy(desc(roles.priority), asc(roles.id)),
    () => db.select().from(channels).where(inArray(channels.teamId, ids)).orderBy(asc(channels.priority), asc(channels.id)),
  ]);
  return memberships.flatMap((m) => {
    const team = teamRows.find((t) => t.id === m.teamId);
    if (!team) return [];
    const teamRoles = roleRows.filter((r) => r.teamId === team.id);
    const base = { team, userId, memberRoleIds: m.roleIds, roles: teamRoles };
    return [{ ...base, channels: channelRows.filter((c) => c.teamId === team.id), teamPermissions: computeTeamPermissions(context(base)) }];
  });
}

/** Access of one member to one team, or null when the user is not a member (or the team does not exist). */
export async function loadTeamAccess(db: Executor, teamId: string, userId: string): Promise<TeamAccess | null> {
  const [access] = await loadAccessForUser(db, userId, [teamId]);
  return access ?? null;
}

/** The team channel with its team access for a member, or null when either is missing. */
export async function loadChannelAccess(db: Executor, channelId: string, userId: string): Promise<{ access: TeamAccess; channel: ChannelRow } | null> {
  const [row] = await db.select({ teamId: channels.teamId }).from(channels).where(eq(channels.id, channelId)).limit(1);
  if (!row?.teamId) return null;
  const access = await loadTeamAccess(db, row.teamId, userId);
  const channel = access?.channels.find((c) => c.id === channelId);
  return access && channel ? { access, channel } : null;
}
