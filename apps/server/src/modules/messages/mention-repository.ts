import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { teamMembers } from '../../db/schema';

/** Which of these users are members of the team. */
export async function teamMemberIds(db: Executor, teamId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds)));
  return rows.map((r) => r.id);
}

export const mentionRepository = { teamMemberIds };
export type MentionRepository = typeof mentionRepository;
