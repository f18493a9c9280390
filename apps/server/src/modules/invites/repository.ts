import { and, desc, eq, getTableColumns, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bans, invites, teams, users } from '../../db/schema';
import type { TeamRow } from '../teams/mappers';

export type InviteRow = typeof invites.$inferSelect;
export type NewInvite = typeof invites.$inferInsert;

export interface InviteWithTeam {
  invite: InviteRow;
  team: TeamRow;
  owner: { id: string; username: string; profilePicture: string | null };
}

/** Insert an invite; null when the code is already taken (the caller draws another). */
export async function insertInvite(db: Executor, invite: NewInvite): Promise<InviteRow | null> {
  const [row] = await db.insert(invites).values(invite).onConflictDoNothing({ target: invites.code }).returning();
  return row ?? null;
}

export async function findInvite(db: Executor, code: string): Promise<InviteRow | null> {
  const [row] = await db.select().from(invites).where(eq(invites.code, code)).limit(1);
  return row ?? null;
}

/** The invite with its team and the team's owner, in one query. */
export async function findInviteWithTeam(db: Executor, code: string): Promise<InviteWithTeam | null> {
  const [row] = await db
    .select({ invite: invites, team: teams, owner: { id: users.id, username: users.username, profilePicture: users.profilePicture } })
    .from(invites)
    .innerJoin(teams, eq(teams.id, invites.teamId))
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(eq(invites.code, code))
    .limit(1);
  return row ?? null;
}

/**
 * Count one use by `userId`, only while the invite is still valid at `now` (not expired, uses below
 * maxUses). One conditional UPDATE: concurrent joins queue on the row lock and re-check the
 * condition, so maxUses is never exceeded. It also answers whether `userId` is banned from the
 * invite's team (`banned`: the caller refuses, and its transaction undoes the use). Null when the
 * invite is unknown, expired or used up.
 */
export async function claimInviteUse(db: Executor, code: string, userId: string, now: Date): Promise<{ invite: InviteRow; banned: boolean } | null> {
  const [row] = await db
    .update(invites)
    .set({ uses: sql`${invites.uses} + 1` })
    .where(
      and(eq(invites.code, code), or(isNull(invites.maxUses), lt(invites.uses, invites.maxUses)), or(isNull(invites.expiresAt), gt(invites.expiresAt, now))),
    )
    .returning({
      invite: getTableColumns(invites),
      banned: sql<boolean>`exists (select 1 from ${bans} where ${bans.teamId} = ${invites.teamId} and ${bans.userId} = ${userId})`,
    });
  return row ?? null;
}

/** The team's invites, newest first (expired and used-up ones too: the invites tab lists them). */
export async function listInvitesOfTeam(db: Executor, teamId: string): Promise<InviteRow[]> {
  return db.select().from(invites).where(eq(invites.teamId, teamId)).orderBy(desc(invites.createdAt), desc(invites.code));
}

/** Delete an invite of the team; the deleted row, or null when the team has no such invite. */
export async function deleteInvite(db: Executor, teamId: string, code: string): Promise<InviteRow | null> {
  const [row] = await db
    .delete(invites)
    .where(and(eq(invites.teamId, teamId), eq(invites.code, code)))
    .returning();
  return row ?? null;
}

export const inviteRepository = { insertInvite, findInvite, findInviteWithTeam, claimInviteUse, listInvitesOfTeam, deleteInvite };
export type InviteRepository = typeof inviteRepository;
