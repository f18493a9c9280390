import { TeamPermission } from '@rally/shared/permissions';
import { describe, expect, it } from 'vitest';
import { teamAccess } from '../teams/access';
import { member, role, team } from '../teams/testing';
import { canChangeMemberRole } from './member-roles';

const T = '100';
const owner = '1';
const everyone = role(T, T, { priority: 0 });
const managers = role('201', T, { priority: 10, permissions: TeamPermission.MANAGE_ROLES });
const high = role('202', T, { priority: 20 });
const low = role('203', T, { priority: 5 });
const selfServe = role('204', T, { priority: 30, isSelfAssignable: true });
const botRole = role('205', T, { priority: 3, botUserId: '99' });
const roles = [selfServe, high, managers, low, botRole, everyone];
const access = (userId: string, myRoleIds: string[]) => teamAccess({ team: team(T, { createdBy: owner }), userId, roles, myRoleIds, categories: [] });
const allowed = (userId: string, myRoleIds: string[], target: ReturnType<typeof member>) =>
  roles.filter((r) => canChangeMemberRole(access(userId, myRoleIds), T, target, r)).map((r) => r.id);

describe('canChangeMemberRole (the profile card roles section, spec 001 §6)', () => {
  it('the owner gives and takes every role but the default role and bot roles', () => {
    expect(allowed(owner, [], member('2'))).toEqual([selfServe.id, high.id, managers.id, low.id]);
  });

  it('MANAGE_ROLES: roles below the manager, on members below them, and self-assignable ones on themself', () => {
    expect(allowed('3', [managers.id], member('2', { roles: [low.id] }))).toEqual([low.id]);
    expect(allowed('3', [managers.id], member('2', { roles: [high.id] }))).toEqual([]);
    expect(allowed('3', [managers.id], member('3', { roles: [managers.id] }))).toEqual([selfServe.id, low.id]);
  });

  it('without MANAGE_ROLES only self-assignable roles, only on oneself', () => {
    expect(allowed('4', [low.id], member('4', { roles: [low.id] }))).toEqual([selfServe.id]);
    expect(allowed('4', [low.id], member('2'))).toEqual([]);
  });
});
