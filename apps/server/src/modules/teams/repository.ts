import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { returnedRow } from '../../db/returned-row';
import { channels, emojis, memberRoles, roles, teamMembers, teams, users } from '../../db/schema';
import { heldRoleIds } from '../permissions/repository';
import { statusColumns, statusEmojiJoin } from '../users/repository';
import type { ChannelRow, MemberRow, RoleRow, TeamRow } from './mappers';

export type NewTeam = typeof teams.$inferInsert;
export type NewRole = typeof roles.$inferInsert;
export type NewChannel = typeof channels.$inferInsert;

export async function insertTeam(db: Executor, team: NewTeam): Promise<TeamRow> {
  return returnedRow(await db.insert(teams).values(team).returning());
}

export async function insertRole(db: Executor, role: NewRole): Promise<RoleRow> {
  return returnedRow(await db.insert(roles).values(role).returning());
}

export async function insertChannels(db: Executor, rows: NewChannel[]): Promise<ChannelRow[]> {
  if (rows.length === 0) return [];
  return db.insert(channels).values(rows).returning();
}

/** Add a member; false when the user already is one (nothing changes then). */
export async function insertMember(db: Executor, teamId: string, userId: string): Promise<boolean> {
  const rows = await db.insert(teamMembers).values({ teamId, userId }).onConflictDoNothing().returning({ userId: teamMembers.userId });
  return rows.length > 0;
}

/** Give a member roles of the team (ones already held are kept once). The member and the roles must exist (foreign keys). */
export async function addMemberRoles(db: Executor, teamId: string, userId: string, roleIds: readonly string[]): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .insert(memberRoles)
    .values(roleIds.map((roleId) => ({ teamId, userId, roleId })))
    .onConflictDoNothing();
}

/** Take roles from a member. */
export async function removeMemberRoles(db: Executor, teamId: string, userId: string, roleIds: readonly string[]): Promise<void> {
  if (roleIds.length === 0) return;
  await db.delete(memberRoles).where(and(eq(memberRoles.teamId, teamId), eq(memberRoles.userId, userId), inArray(memberRoles.roleId, [...roleIds])));
}

/**
 * Delete a role of the team in one transaction: the role row (its member_roles rows go with it, by
 * cascade) and its overwrite on every channel of the team. The role row is locked first, then the
 * channels, in the order setChannelOverwrite takes them, so that no overwrite of the role survives a
 * concurrent edit. False when the team has no such role. The default role (id = team id) is the
 * service's to refuse.
 */
export async function deleteRole(db: Executor, teamId: string, roleId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.id, roleId), eq(roles.teamId, teamId)))
      .for('update');
    if (found.length === 0) return false;
    await tx
      .update(channels)
      .set({ permissions: sql`jsonb_set(${channels.permissions}, '{role}', (${channels.permissions} -> 'role') - ${roleId}::text)` })
      .where(and(eq(channels.teamId, teamId), sql`${channels.permissions} -> 'role' -> ${roleId}::text is not null`));
    await tx.delete(roles).where(and(eq(roles.id, roleId), eq(roles.teamId, teamId)));
    return true;
  });
}

export async function isMember(db: Executor, teamId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Lock the user's row until the transaction ends, so that a user's concurrent creates and joins
 * count their teams one after the other (the team limit cannot be overrun).
 */
export async function lockUser(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

/** How many teams the user belongs to (owned ones included). */
export async function countTeamsOfUser(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.userId, userId));
  return Number(row?.n ?? 0);
}

/** Add `by` to the stored member count and return the updated team. */
export async function addToMemberCount(db: Executor, teamId: string, by: number): Promise<TeamRow | null> {
  const [row] = await db
    .update(teams)
    .set({ memberCount: sql`${teams.memberCount} + ${by}` })
    .where(eq(teams.id, teamId))
    .returning();
  return row ?? null;
}

/** The user's teams in the order of their team list: priority (nulls, the never ordered ones, last), then as they joined. */
export async function listTeamsOfUser(db: Executor, userId: string): Promise<TeamRow[]> {
  const rows = await db
    .select({ team: teams })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.priority), asc(teamMembers.joinedAt), asc(teamMembers.teamId));
  return rows.map((r) => r.team);
}

const memberColumns = {
  userId: teamMembers.userId,
  roleIds: heldRoleIds,
  joinedAt: teamMembers.joinedAt,
  username: users.username,
  slug: users.slug,
  profilePicture: users.profilePicture,
  presence: users.presence,
  bot: users.bot,
  system: users.system,
  ...statusColumns,
};

/** Members of a team with their user fields, oldest member first. */
export async function listMembers(db: Executor, teamId: string): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(emojis, statusEmojiJoin)
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId));
}

export async function findMember(db: Executor, teamId: string, userId: string): Promise<MemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(emojis, statusEmojiJoin)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The repository as one object, so that a service can be given another (a test poisons one step). */
export const teamRepository = {
  insertTeam,
  insertRole,
  insertChannels,
  insertMember,
  addMemberRoles,
  removeMemberRoles,
  deleteRole,
  isMember,
  lockUser,
  countTeamsOfUser,
  addToMemberCount,
  listTeamsOfUser,
  listMembers,
  findMember,
};
export type TeamRepository = typeof teamRepository;
