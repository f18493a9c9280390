import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { returnedRow } from '../../db/returned-row';
import { memberRoles, roles } from '../../db/schema';
import { deleteRole, insertRole } from '../teams/repository';
import type { RoleRow } from '../teams/mappers';

/** What a role edit may change (the service has checked every field). */
export type RoleChanges = Partial<
  Pick<RoleRow, 'name' | 'color' | 'color2' | 'iconEmojiId' | 'isDisplayedSeparately' | 'mentionable' | 'isSelfAssignable' | 'description' | 'permissions'>
>;

/** The team's roles, highest priority first. */
export async function listRoles(db: Executor, teamId: string): Promise<RoleRow[]> {
  return db.select().from(roles).where(eq(roles.teamId, teamId)).orderBy(desc(roles.priority), roles.id);
}

/**
 * Inside a transaction: the team's roles, highest first, locked until it ends. Every role write
 * takes this lock first, so that the rank and bit checks made on these rows still hold at commit.
 */
export async function lockRoles(tx: Executor, teamId: string): Promise<RoleRow[]> {
  return tx.select().from(roles).where(eq(roles.teamId, teamId)).orderBy(desc(roles.priority), roles.id).for('update');
}

/** Move every role of the team but the default one at or above `priority` up by one (to make room for a new role there). */
export async function shiftRolesUp(tx: Executor, teamId: string, priority: number): Promise<void> {
  await tx
    .update(roles)
    .set({ priority: sql`${roles.priority} + 1` })
    .where(and(eq(roles.teamId, teamId), ne(roles.id, teamId), gte(roles.priority, priority)));
}

export async function updateRole(tx: Executor, teamId: string, roleId: string, changes: RoleChanges & { priority?: number }): Promise<RoleRow> {
  return returnedRow(
    await tx
      .update(roles)
      .set(changes)
      .where(and(eq(roles.teamId, teamId), eq(roles.id, roleId)))
      .returning(),
  );
}

/** Give a member a role; false when they held it already. The member and the role must exist (foreign keys). */
export async function insertMemberRole(db: Executor, teamId: string, userId: string, roleId: string): Promise<boolean> {
  const rows = await db.insert(memberRoles).values({ teamId, userId, roleId }).onConflictDoNothing().returning({ roleId: memberRoles.roleId });
  return rows.length > 0;
}

/** Take a role from a member; false when they did not hold it. */
export async function deleteMemberRole(db: Executor, teamId: string, userId: string, roleId: string): Promise<boolean> {
  const rows = await db
    .delete(memberRoles)
    .where(and(eq(memberRoles.teamId, teamId), eq(memberRoles.userId, userId), eq(memberRoles.roleId, roleId)))
    .returning({ roleId: memberRoles.roleId });
  return rows.length > 0;
}

export const roleRepository = { listRoles, lockRoles, shiftRolesUp, updateRole, insertRole, deleteRole, insertMemberRole, deleteMemberRole };
export type RoleRepository = typeof roleRepository;
