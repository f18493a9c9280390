import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bans, teamMembers, users } from '../../db/schema';
import { insertAuditEntry, moderationUserColumns, type ModerationUserRow } from '../audit/repository';
import { addToMemberCount, lockUser } from '../teams/repository';

export type BanRow = typeof bans.$inferSelect;
export type NewBan = typeof bans.$inferInsert;

/** Insert a ban; null when the user is already banned from the team (nothing changes then). */
export async function insertBan(db: Executor, ban: NewBan): Promise<BanRow | null> {
  const [row] = await db.insert(bans).values(ban).onConflictDoNothing().returning();
  return row ?? null;
}

/** Lift a ban; the deleted row, or null when there was none. */
export async function deleteBan(db: Executor, teamId: string, userId: string): Promise<BanRow | null> {
  const [row] = await db
    .delete(bans)
    .where(and(eq(bans.teamId, teamId), eq(bans.userId, userId)))
    .returning();
  return row ?? null;
}

export interface BanWithUser {
  ban: BanRow;
  user: ModerationUserRow;
}

/** The team's bans with the banned users, newest first. */
export async function listBans(db: Executor, teamId: string, limit: number): Promise<BanWithUser[]> {
  return db
    .select({ ban: bans, user: moderationUserColumns })
    .from(bans)
    .innerJoin(users, eq(users.id, bans.userId))
    .where(eq(bans.teamId, teamId))
    .orderBy(desc(bans.createdAt), desc(bans.userId))
    .limit(limit);
}

/** Remove a member (their member_roles rows go with it, by cascade); false when they were not one. */
export async function deleteMember(db: Executor, teamId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
}

/** The repository as one object, so that a service can be given another (a test poisons one step). */
export const moderationRepository = { insertBan, deleteBan, listBans, deleteMember, addToMemberCount, lockUser, insertAuditEntry };
export type ModerationRepository = typeof moderationRepository;
