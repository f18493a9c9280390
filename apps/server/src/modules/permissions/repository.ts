import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ChannelOverwrites, Overwrite } from '@rally/shared/permissions';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { returnedRow } from '../../db/returned-row';
import { channels, directChats, dmMembers, memberRoles, roles, teamMembers, teams } from '../../db/schema';
import type { ChannelRow, RoleRow, TeamRow } from '../teams/mappers';

/** The rows that decide what members may do, read by the permissions module only. */
export interface Membership {
  teamId: string;
  roleIds: string[];
}

/** `table`.`column`, qualified even where Drizzle would leave the table out (a query over one table). */
const qualified = (table: PgTable, column: PgColumn): SQL => sql`${table}.${sql.identifier(column.name)}`;

const mr = {
  roleId: qualified(memberRoles, memberRoles.roleId),
  teamId: qualified(memberRoles, memberRoles.teamId),
  userId: qualified(memberRoles, memberRoles.userId),
};
/**
 * The ids of the roles a team_members row holds (besides the default role), from member_roles, as
 * a column of a query over team_members: read with the membership, in the same round trip.
 */
export const heldRoleIds: SQL<string[]> = sql<string[]>`coalesce(
  (select json_agg(${mr.roleId}::text order by ${mr.roleId}) from ${memberRoles}
   where ${mr.teamId} = ${qualified(teamMembers, teamMembers.teamId)} and ${mr.userId} = ${qualified(teamMembers, teamMembers.userId)}),
  '[]'::json)`;

/**
 * Which teams a read is of: these team ids, or the team of one channel. By channel, the team is
 * found in the same statement (`team_id = (select team_id from channels where id = …)`), so that
 * access from a channel id needs no round trip of its own for the channel's team; a DM (no team) or
 * an unknown channel matches nothing.
 */
export type TeamsOf = readonly string[] | { channelId: string };

/** The channels row of the channel-keyed subquery, aliased: the outer query may be over channels too. */
const ofChannel = sql.identifier('of_channel');

function teamIdOf(column: PgColumn, teamsOf: TeamsOf): SQL {
  if (!('channelId' in teamsOf)) return inArray(column, [...teamsOf]);
  const teamId = sql`${ofChannel}.${sql.identifier(channels.teamId.name)}`;
  const id = sql`${ofChannel}.${sql.identifier(channels.id.name)}`;
  return sql`${column} = (select ${teamId} from ${channels} ${ofChannel} where ${id} = ${teamsOf.channelId})`;
}

/** The user's memberships (of the given teams, or all), in the order of their team list (priority; unordered ones after, as they joined). */
export async function findMemberships(db: Executor, userId: string, teamsOf?: TeamsOf): Promise<Membership[]> {
  return db
    .select({ teamId: teamMembers.teamId, roleIds: heldRoleIds })
    .from(teamMembers)
    .where(teamsOf ? and(eq(teamMembers.userId, userId), teamIdOf(teamMembers.teamId, teamsOf)) : eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.priority), asc(teamMembers.joinedAt), asc(teamMembers.teamId));
}

export async function findTeams(db: Executor, teamsOf: TeamsOf): Promise<TeamRow[]> {
  return db.select().from(teams).where(teamIdOf(teams.id, teamsOf));
}

/** Roles of the teams, highest first. */
export async function findRoles(db: Executor, teamsOf: TeamsOf): Promise<RoleRow[]> {
  return db.select().from(roles).where(teamIdOf(roles.teamId, teamsOf)).orderBy(desc(roles.priority), asc(roles.id));
}

/** Channels and categories of the teams, in display order. */
export async function findChannels(db: Executor, teamsOf: TeamsOf): Promise<ChannelRow[]> {
  return db.select().from(channels).where(teamIdOf(channels.teamId, teamsOf)).orderBy(asc(channels.priority), asc(channels.id));
}

/** Whose overwrite of a channel: a role of the channel's team (the team id is the default role) or a user. */
export interface OverwriteTarget {
  kind: 'role' | 'user';
  id: string;
}

/** The channel after the write, or what was missing: no such team channel, or no such role in its team. */
export type SetOverwriteResult = { channel: ChannelRow } | { missing: 'channel' | 'role' };

/**
 * Set (or, with null, remove) one target's overwrite on a team channel, leaving the other targets'
 * as they are. Read and rewritten under the channel row's lock (SELECT … FOR UPDATE) in one
 * transaction, so that two admins editing different targets at once both keep their change. A role
 * target is locked (FOR KEY SHARE) before the channel, in the order `deleteRole` takes them, so
 * that a role being deleted cannot leave an overwrite behind. User targets are not checked here.
 */
export async function setChannelOverwrite(db: Executor, channelId: string, target: OverwriteTarget, overwrite: Overwrite | null): Promise<SetOverwriteResult> {
  return db.transaction(async (tx) => {
    // A channel's team never changes: it can be read before the locks.
    const [found] = await tx.select({ teamId: channels.teamId }).from(channels).where(eq(channels.id, channelId)).limit(1);
    if (!found?.teamId) return { missing: 'channel' as const };
    if (target.kind === 'role') {
      const role = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.id, target.id), eq(roles.teamId, found.teamId)))
        .for('key share');
      if (role.length === 0) return { missing: 'role' as const };
    }
    const [locked] = await tx.select({ permissions: channels.permissions }).from(channels).where(eq(channels.id, channelId)).for('update');
    if (!locked) return { missing: 'channel' as const };
    const entries = { ...locked.permissions[target.kind] };
    if (overwrite) entries[target.id] = { allow: overwrite.allow, deny: overwrite.deny };
    else delete entries[target.id];
    const permissions: ChannelOverwrites = { ...locked.permissions, [target.kind]: entries };
    // The row is locked above, so the update gives it back.
    const channel = returnedRow(await tx.update(channels).set({ permissions }).where(eq(channels.id, channelId)).returning());
    return { channel };
  });
}

/** The memberships of some users in one team, with their user ids (users who are not members are left out). */
export async function findMembershipsInTeam(db: Executor, teamId: string, userIds: readonly string[]): Promise<(Membership & { userId: string })[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: teamMembers.userId, teamId: teamMembers.teamId, roleIds: heldRoleIds })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, [...userIds])));
}

/** A direct chat's channel row with what decides its members' access: who they are, and whether it is read-only. */
export interface DirectChatRows {
  channel: ChannelRow;
  readOnly: boolean;
  memberIds: string[];
}

/** The direct chat of a channel id (null: no such channel, or not a DM), its members in one statement. */
export async function findDirectChat(db: Executor, channelId: string): Promise<DirectChatRows | null> {
  const memberIds = sql<string[]>`coalesce(
    (select json_agg(${qualified(dmMembers, dmMembers.userId)}::text order by ${qualified(dmMembers, dmMembers.userId)}) from ${dmMembers}
     where ${qualified(dmMembers, dmMembers.channelId)} = ${qualified(channels, channels.id)}),
    '[]'::json)`;
  const [row] = await db
    .select({ channel: channels, readOnly: directChats.readOnly, memberIds })
    .from(channels)
    .innerJoin(directChats, eq(directChats.channelId, channels.id))
    .where(eq(channels.id, channelId))
    .limit(1);
  return row ?? null;
}
