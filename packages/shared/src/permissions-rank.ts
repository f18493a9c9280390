import type { PermissionContext, PermissionRole } from './permissions';

/**
 * Rank rules (spec 001 §6), the same for the server (which refuses) and the client (which hides):
 * a member acts on a role, on another member or on a permission bit only from above it and only
 * with bits they hold; the creator outranks everyone and cannot be kicked, banned or leave.
 */

/** Who a rank is computed for: the team's owner and roles, and one member's held roles. */
export type RankContext = Pick<PermissionContext, 'ownerId' | 'userId' | 'memberRoleIds'> & { roles: readonly Pick<PermissionRole, 'id' | 'priority'>[] };

/** Another member of the same team. */
export interface RankedMember {
  userId: string;
  /** Role ids the member holds, without the default role. */
  memberRoleIds: readonly string[];
}

/** The creator's rank: above every role and member. */
export const OWNER_RANK = Number.POSITIVE_INFINITY;
/** The rank of a member who holds only the default role: below every role, the default role included. */
export const NO_ROLE_RANK = Number.NEGATIVE_INFINITY;

/** The member's rank: the highest priority among the roles they hold, or OWNER_RANK for the creator. */
export function rankOf(ctx: RankContext): number {
  if (ctx.userId === ctx.ownerId) return OWNER_RANK;
  const held = new Set(ctx.memberRoleIds);
  let best = NO_ROLE_RANK;
  for (const role of ctx.roles) if (held.has(role.id) && role.priority > best) best = role.priority;
  return best;
}

/** Whether the member ranks strictly above `priority` (a role's priority, or another member's rank). */
export function outranks(ctx: RankContext, priority: number): boolean {
  return rankOf(ctx) > priority;
}

/** Edit, reorder, delete, give or take away a role: only from strictly above its priority. */
export function canActOnRole(actor: RankContext, role: { priority: number }): boolean {
  return outranks(actor, role.priority);
}

/**
 * Kick, ban or change the roles of another member: never the creator, never oneself (leaving and
 * one's own self-assignable roles are other rules), and only from strictly above the target's rank.
 */
export function canActOnMember(actor: RankContext, target: RankedMember): boolean {
  if (target.userId === actor.ownerId || target.userId === actor.userId) return false;
  return outranks(actor, rankOf({ ...actor, ...target }));
}

/** Grant or revoke permission bits (on a role or an overwrite): only bits the member holds. `bits`: what changes, e.g. `before ^ after`. */
export function canGrantBits(held: number, bits: number): boolean {
  return (bits & ~held) === 0;
}

/** Delete a role: not the default role, not a bot's role, and only from above it. */
export function canDeleteRole(actor: RankContext & { teamId: string }, role: { id: string; priority: number; botUserId?: string | null }): boolean {
  return role.id !== actor.teamId && !role.botUserId && canActOnRole(actor, role);
}

/** Leave the team: everyone but its creator. */
export function canLeaveTeam(ctx: Pick<RankContext, 'ownerId' | 'userId'>): boolean {
  return ctx.userId !== ctx.ownerId;
}
