import type { AuditChange } from '@rally/shared/api/moderation';
import type { RoleEdit } from '@rally/shared/api/roles';
import type { Role } from '@rally/shared/api/teams';
import { LIMITS } from '@rally/shared/limits';
import { hasBit, TeamPermission } from '@rally/shared/permissions';
import { canActOnMember, canActOnRole, canDeleteRole, rankOf, type RankContext } from '@rally/shared/permissions-rank';
import type { Executor } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { publishEvent } from '../../lib/events';
import type { ServiceDeps } from '../../lib/service-deps';
import { newId } from '../../lib/snowflake';
import { recordAudit, recordAudits, type AuditRecord } from '../audit/service';
import type { TeamAccess } from '../permissions/access';
import { assertGrants } from '../permissions/assert';
import { toRole, type RoleRow } from '../teams/mappers';
import { roleRepository, type RoleChanges, type RoleRepository } from './repository';

/** A new role (spec 001 §7: the default colour is white). */
const NEW_ROLE = { name: 'new role', color: '#ffffff' } as const;
/** What the default role and bot roles cannot switch (spec 001 §6). */
const LOCKED_FLAGS = ['isDisplayedSeparately', 'mentionable', 'isSelfAssignable'] as const;
const EDITABLE = ['name', 'color', 'color2', 'iconEmojiId', 'isDisplayedSeparately', 'mentionable', 'isSelfAssignable', 'description', 'permissions'] as const;

/** The actor as the shared rank rules see them, against the team's roles as locked in this transaction. */
function rankContext(access: TeamAccess, roles: readonly RoleRow[]): RankContext & { teamId: string } {
  return { teamId: access.team.id, ownerId: access.team.ownerId, userId: access.userId, memberRoleIds: access.memberRoleIds, roles };
}

function findRole(roles: readonly RoleRow[], roleId: string): RoleRow {
  const role = roles.find((r) => r.id === roleId);
  if (!role) throw notFound('role_not_found');
  return role;
}

/** 403 unless the actor ranks strictly above the role (spec 001 §6). */
function assertActsOnRole(access: TeamAccess, roles: readonly RoleRow[], role: RoleRow): void {
  if (!canActOnRole(rankContext(access, roles), role)) throw forbidden();
}

/** The team's roles, highest first (the endpoint checked membership). */
export async function listRoles(db: Executor, access: TeamAccess, repo: RoleRepository = roleRepository): Promise<Role[]> {
  return (await repo.listRoles(db, access.team.id)).map(toRole);
}

/** After a write: the cached accesses are stale, and the team's members hear the new roles. */
async function publishRoles(deps: ServiceDeps, teamId: string, roles: Role[]): Promise<void> {
  deps.accessCache.forget();
  await publishEvent(deps, { audience: { kind: 'team', teamId }, event: { type: 'TEAM_ROLES_UPDATED', data: { teamId, roles } } });
}

/**
 * Insert `fields` as a new role at `priority` (at least 1, above the default role), the roles at or
 * above it moving up one, with its ROLE_CREATED entry; publishes ROLE_CREATED and the new order.
 */
async function insertRoleAt(
  deps: ServiceDeps,
  access: TeamAccess,
  run: (tx: Executor, roles: RoleRow[]) => Promise<{ fields: Omit<RoleRow, 'id' | 'teamId' | 'priority' | 'createdAt'>; priority: number; from?: string }>,
  repo: RoleRepository,
): Promise<Role> {
  const teamId = access.team.id;
  const { role, roles } = await deps.db.transaction(async (tx) => {
    const { fields, priority, from } = await run(tx, await repo.lockRoles(tx, teamId));
    const at = Math.max(priority, 1);
    await repo.shiftRolesUp(tx, teamId, at);
    const row = await repo.insertRole(tx, { ...fields, id: newId(), teamId, priority: at });
    const changes: AuditChange[] = [{ key: 'name', old: null, new: row.name }];
    if (from) changes.push({ key: 'clonedFrom', old: null, new: from });
    await recordAudit(tx, teamId, access.userId, { action: 'ROLE_CREATED', targetType: 'role', targetId: row.id, changes });
    return { role: toRole(row), roles: (await repo.listRoles(tx, teamId)).map(toRole) };
  });
  deps.accessCache.forget();
  await publishEvent(deps, { audience: { kind: 'team', teamId }, event: { type: 'ROLE_CREATED', data: role } });
  await publishRoles(deps, teamId, roles);
  return role;
}

/** Create a role (the endpoint checked MANAGE_ROLES): white, no permissions, just above the default role. */
export function createRole(deps: ServiceDeps, access: TeamAccess, repo: RoleRepository = roleRepository): Promise<Role> {
  const fields = {
    ...NEW_ROLE,
    color2: null,
    permissions: 0,
    iconEmojiId: null,
    isDisplayedSeparately: false,
    mentionable: false,
    isSelfAssignable: false,
    description: null,
    botUserId: null,
  };
  return insertRoleAt(deps, access, () => Promise.resolve({ fields, priority: 1 }), repo);
}

/**
 * Clone a role (the endpoint checked MANAGE_ROLES): only one below the actor, whose permissions the
 * actor holds. The copy (without members) goes just below it; a copy of the default role or of a
 * bot's role is an ordinary role (no bot of its own) without the flags those cannot have.
 */
export function cloneRole(deps: ServiceDeps, access: TeamAccess, roleId: string, repo: RoleRepository = roleRepository): Promise<Role> {
  return insertRoleAt(
    deps,
    access,
    (_tx, roles) => {
      const source = findRole(roles, roleId);
      assertActsOnRole(access, roles, source);
      assertGrants(access, source.permissions);
      const { id: _id, teamId: _team, priority, createdAt: _at, ...fields } = source;
      const name = `${source.name} copy`.slice(0, LIMITS.roleName.max);
      return Promise.resolve({ fields: { ...fields, name, botUserId: null }, priority, from: source.id });
    },
    repo,
  );
}

/** The edit's changed fields, checked: only permission bits the actor holds (403), then flags the role may have (400). */
function checkedChanges(access: TeamAccess, role: RoleRow, edit: RoleEdit): RoleChanges {
  if (edit.permissions !== undefined) assertGrants(access, role.permissions ^ edit.permissions);
  const changes: RoleChanges = {};
  for (const key of EDITABLE) {
    const value = edit[key];
    if (value !== undefined && value !== role[key]) Object.assign(changes, { [key]: value });
  }
  const locked = role.id === access.team.id || role.botUserId !== null;
  if (locked && LOCKED_FLAGS.some((flag) => flag in changes)) throw badRequest('role_flags_locked');
  return changes;
}

/**
 * Edit roles (the endpoint checked MANAGE_ROLES): each only from above it (spec 001 §6), granting or
 * revoking only bits the actor holds. In one transaction: every role's changes, each with its
 * ROLE_UPDATED entry (old → new per field); nothing changes when one edit is refused.
 */
export async function updateRoles(deps: ServiceDeps, access: TeamAccess, edits: RoleEdit[], repo: RoleRepository = roleRepository): Promise<Role[]> {
  const teamId = access.team.id;
  const { changed, roles } = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockRoles(tx, teamId);
    const records: AuditRecord[] = [];
    for (const edit of edits) {
      const role = findRole(locked, edit.id);
      assertActsOnRole(access, locked, role);
      const changes = checkedChanges(access, role, edit);
      const keys = Object.keys(changes) as (keyof RoleChanges)[];
      if (keys.length === 0) continue;
      await repo.updateRole(tx, teamId, role.id, changes);
      const audit = keys.map((key) => ({ key, old: role[key], new: changes[key] ?? null }));
      records.push({ action: 'ROLE_UPDATED', targetType: 'role', targetId: role.id, changes: audit });
    }
    await recordAudits(tx, teamId, access.userId, records);
    return { changed: records.length > 0, roles: (await repo.listRoles(tx, teamId)).map(toRole) };
  });
  if (changed) await publishRoles(deps, teamId, roles);
  return roles;
}

/**
 * Reorder the roles (the endpoint checked MANAGE_ROLES): `roleIds` names every role but the default
 * one, highest first. The roles below the actor (spec 001 §6: only those may move) take, in the new
 * order, the priorities the movable roles hold now; a role at or above the actor must keep its place
 * in the order, and keeps its priority (so gaps left by a deleted role never stop a reorder). Each
 * moved role has its ROLE_UPDATED entry, in one transaction.
 */
export async function reorderRoles(deps: ServiceDeps, access: TeamAccess, roleIds: string[], repo: RoleRepository = roleRepository): Promise<Role[]> {
  const teamId = access.team.id;
  const { changed, roles } = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockRoles(tx, teamId);
    const current = locked.filter((r) => r.id !== teamId).sort((a, b) => b.priority - a.priority || (a.id < b.id ? 1 : -1));
    if (roleIds.length !== current.length || new Set(roleIds).size !== roleIds.length) throw badRequest('role_order_invalid');
    const requested = roleIds.map((roleId) => {
      const role = current.find((r) => r.id === roleId);
      if (!role) throw badRequest('role_order_invalid');
      return role;
    });
    const rank = rankOf(rankContext(access, locked));
    const records: AuditRecord[] = [];
    for (const [index, role] of requested.entries()) {
      const slot = current[index]!; // same length as requested
      const movable = rank > role.priority && rank > slot.priority;
      if (!movable) {
        if (slot.id !== role.id) throw forbidden();
        continue;
      }
      if (slot.priority === role.priority) continue;
      await repo.updateRole(tx, teamId, role.id, { priority: slot.priority });
      records.push({ action: 'ROLE_UPDATED', targetType: 'role', targetId: role.id, changes: [{ key: 'priority', old: role.priority, new: slot.priority }] });
    }
    await recordAudits(tx, teamId, access.userId, records);
    return { changed: records.length > 0, roles: (await repo.listRoles(tx, teamId)).map(toRole) };
  });
  if (changed) await publishRoles(deps, teamId, roles);
  return roles;
}

/**
 * Delete a role (the endpoint checked MANAGE_ROLES): not the default role nor a bot's role (spec 001
 * §6), only from above it. In
 * one transaction: the role, its members' holdings and its channel overwrites (teams repository
 * deleteRole), and a ROLE_DELETED entry; ROLE_DELETED makes the team's sessions recompute what they see.
 */
export async function deleteRole(deps: ServiceDeps, access: TeamAccess, roleId: string, repo: RoleRepository = roleRepository): Promise<void> {
  const teamId = access.team.id;
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockRoles(tx, teamId);
    const role = findRole(locked, roleId);
    if (role.id === teamId) throw badRequest('role_default_undeletable');
    if (role.botUserId !== null) throw badRequest('role_bot_undeletable');
    if (!canDeleteRole(rankContext(access, locked), role)) throw forbidden();
    await repo.deleteRole(tx, teamId, roleId);
    await recordAudit(tx, teamId, access.userId, {
      action: 'ROLE_DELETED',
      targetType: 'role',
      targetId: roleId,
      changes: [{ key: 'name', old: role.name, new: null }],
    });
  });
  deps.accessCache.forget();
  await publishEvent(deps, { audience: { kind: 'team', teamId }, event: { type: 'ROLE_DELETED', data: { teamId, roleId } } });
}

/**
 * Give (`add`) or take a member's role (spec 001 §6): anyone may add or remove a self-assignable role
 * on themself; otherwise the actor needs MANAGE_ROLES, must rank above the role and, for another
 * member, above that member. The default role is held by all and cannot be given or taken; a bot's
 * role belongs to its bot, and is neither given to anyone nor taken from it (400). In one
 * transaction: the holding and a USER_ROLES_UPDATED entry; then USER_ROLE_ADDED or USER_ROLE_REMOVED
 * to the team (the member's sessions recompute what they see). Adding a held role or removing one
 * not held changes nothing and succeeds.
 */
export async function setMemberRole(
  deps: ServiceDeps,
  access: TeamAccess,
  target: { userId: string; roleId: string; add: boolean },
  repo: RoleRepository = roleRepository,
): Promise<void> {
  const teamId = access.team.id;
  const { userId, roleId, add } = target;
  if (roleId === teamId) throw badRequest('role_default_unassignable');
  const member = await deps.accessCache.team(teamId, userId);
  if (!member) throw notFound('member_not_found');
  const changed = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockRoles(tx, teamId);
    const role = findRole(locked, roleId);
    if (role.botUserId !== null) throw badRequest('role_bot_unassignable');
    const self = userId === access.userId;
    if (!(self && role.isSelfAssignable)) {
      if (!hasBit(access.teamPermissions, TeamPermission.MANAGE_ROLES)) throw forbidden();
      assertActsOnRole(access, locked, role);
      if (!self && !canActOnMember(rankContext(access, locked), { userId, memberRoleIds: member.memberRoleIds })) throw forbidden();
    }
    const done = add ? await repo.insertMemberRole(tx, teamId, userId, roleId) : await repo.deleteMemberRole(tx, teamId, userId, roleId);
    if (!done) return false;
    const change = add ? { key: '$add', old: null, new: role.name, id: roleId } : { key: '$remove', old: role.name, new: null, id: roleId };
    await recordAudit(tx, teamId, access.userId, { action: 'USER_ROLES_UPDATED', targetType: 'user', targetId: userId, changes: [change] });
    return true;
  });
  if (!changed) return;
  deps.accessCache.forget();
  const audience = { kind: 'team', teamId } as const;
  const data = { teamId, userId, roleId };
  if (add) await publishEvent(deps, { audience, event: { type: 'USER_ROLE_ADDED', data } });
  else await publishEvent(deps, { audience, event: { type: 'USER_ROLE_REMOVED', data } });
}
