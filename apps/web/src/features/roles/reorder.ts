import type { Role } from '@rally/shared/api/teams';

/**
 * Role order (spec 001 §2, §6): the list is highest priority first with the default role (id = team
 * id) last; PATCH roles-priority takes every other role's id, highest first, and gives them the
 * priorities n … 1. Only roles strictly below the user's rank move, and only among themselves.
 */

/** The default role: its id is the team's. */
export const isDefaultRole = (role: Pick<Role, 'id' | 'teamId'>): boolean => role.id === role.teamId;

/** Roles highest priority first, the default role last. */
export function sortRoles(roles: readonly Role[]): Role[] {
  return [...roles].sort((a, b) => Number(isDefaultRole(a)) - Number(isDefaultRole(b)) || b.priority - a.priority);
}

/** The request body of a reorder: every role id but the default role's, highest first. */
export function reorderBody(roles: readonly Role[]): string[] {
  return sortRoles(roles)
    .filter((r) => !isDefaultRole(r))
    .map((r) => r.id);
}

/**
 * The roles after moving `activeId` to where `overId` is (a drag ending over another role), with
 * the priorities the server will give them (n … 1; the default role keeps its own); null when the
 * move is not allowed or changes nothing. `canMove(role)`: the user may reorder this role (below
 * their rank); both roles must be movable, so a role never passes one the user may not move.
 */
export function moveRole(roles: readonly Role[], activeId: string, overId: string, canMove: (role: Role) => boolean): Role[] | null {
  if (activeId === overId) return null;
  const sorted = sortRoles(roles);
  const ordered = sorted.filter((r) => !isDefaultRole(r));
  const from = ordered.findIndex((r) => r.id === activeId);
  const to = ordered.findIndex((r) => r.id === overId);
  const active = ordered[from];
  const over = ordered[to];
  if (!active || !over || !canMove(active) || !canMove(over)) return null;
  // Every role between the two moves by one place: each must be movable too.
  const [lo, hi] = from < to ? [from, to] : [to, from];
  if (ordered.slice(lo, hi + 1).some((r) => !canMove(r))) return null;
  const next = ordered.slice();
  next.splice(from, 1);
  next.splice(to, 0, active);
  const n = next.length;
  const moved = next.map((role, i) => (role.priority === n - i ? role : { ...role, priority: n - i }));
  const defaults = sorted.filter(isDefaultRole);
  return [...moved, ...defaults];
}
