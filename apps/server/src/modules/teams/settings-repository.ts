import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { teamMembers, teams } from '../../db/schema';
import type { TeamRow } from './mappers';

export type TeamChanges = Partial<Pick<typeof teams.$inferInsert, 'name' | 'description' | 'isSafeForTeen' | 'profilePicture' | 'banner' | 'ownerId'>>;

/** The team's row, locked until the transaction ends (settings changes, owner change and delete take it in turn). */
export async function lockTeam(db: Executor, teamId: string): Promise<TeamRow | null> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).for('update');
  return row ?? null;
}

export async function updateTeam(db: Executor, teamId: string, changes: TeamChanges): Promise<TeamRow | null> {
  const [row] = await db.update(teams).set(changes).where(eq(teams.id, teamId)).returning();
  return row ?? null;
}

/** Delete the team; its members, roles, channels, invites and the rest go with it (foreign keys cascade). */
export async function deleteTeam(db: Executor, teamId: string): Promise<boolean> {
  const rows = await db.delete(teams).where(eq(teams.id, teamId)).returning({ id: teams.id });
  return rows.length > 0;
}

/**
 * Set the user's team list order in one statement: each listed team gets its index, every other
 * team of theirs null (after the listed ones). Returns how many listed teams the user belongs to.
 */
export async function setTeamListOrder(db: Executor, userId: string, teamIds: readonly string[]): Promise<number> {
  const ids = sql`array[${sql.join(
    teamIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]`;
  const rows = await db
    .update(teamMembers)
    .set({ priority: sql`array_position(${ids}, ${teamMembers.teamId}) - 1` })
    .where(eq(teamMembers.userId, userId))
    .returning({ priority: teamMembers.priority });
  return rows.filter((r) => r.priority !== null).length;
}

/** The ids of the user's teams in the order of their team list (as GET teams and READY give them). */
export async function teamListOrder(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.priority), asc(teamMembers.joinedAt), asc(teamMembers.teamId));
  return rows.map((r) => r.teamId);
}

export const teamSettingsRepository = { lockTeam, updateTeam, deleteTeam, setTeamListOrder, teamListOrder };
export type TeamSettingsRepository = typeof teamSettingsRepository;
