import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { channels, roles, teamMembers, teams } from '../../db/schema';
import type { ChannelRow, RoleRow, TeamRow } from '../teams/mappers';

/** The rows that decide what members may do, read by the permissions module only. */
export interface Membership {
  teamId: string;
  roleIds: string[];
}

/** The user's memberships (of the given teams, or all), in the order they joined. */
export async function findMemberships(db: Executor, userId: string, teamIds?: readonly string[]): Promise<Membership[]> {
  return db
    .select({ teamId: teamMembers.teamId, roleIds: teamMembers.roleIds })
    .from(teamMembers)
    .where(teamIds ? and(eq(teamMembers.userId, userId), inArray(teamMembers.teamId, [...teamIds])) : eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.teamId));
}

export async function findTeams(db: Executor, teamIds: readonly string[]): Promise<TeamRow[]> {
  return db.select().from(teams).where(inArray(teams.id, [...teamIds]));
}

/** Roles of the teams, highest first. */
export async function findRoles(db: Executor, teamIds: readonly string[]): Promise<RoleRow[]> {
  return db.select().from(roles).where(inArray(roles.teamId, [...teamIds])).orderBy(desc(roles.priority), asc(roles.id));
}

/** Channels and categories of the teams, in display order. */
export async function findChannels(db: Executor, teamIds: readonly string[]): Promise<ChannelRow[]> {
  return db.select().from(channels).where(inArray(channels.teamId, [...teamIds])).orderBy(asc(channels.priority), asc(channels.id));
}

/** The team of a channel, or null (no such channel, or a DM). */
export async function findChannelTeamId(db: Executor, channelId: string): Promise<string | null> {
  const [row] = await db.select({ teamId: channels.teamId }).from(channels).where(eq(channels.id, channelId)).limit(1);
  return row?.teamId ?? null;
}
