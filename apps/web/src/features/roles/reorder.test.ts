import type { Role } from '@rally/shared/api/teams';
import { describe, expect, it } from 'vitest';
import { role } from '../teams/testing';
import { moveRole, reorderBody, sortRoles } from './reorder';

const T = '1';
// Highest first: a (4), b (3), c (2), d (1), then the default role.
const roles = [
  role('d', T, { priority: 1 }),
  role(T, T, { priority: 0 }),
  role('a', T, { priority: 4 }),
  role('c', T, { priority: 2 }),
  role('b', T, { priority: 3 }),
];
const ids = (list: Role[] | null) => list?.map((r) => `${r.id}:${r.priority}`);
const all = () => true;

describe('role order', () => {
  it('sorts highest first with the default role last', () => {
    expect(sortRoles(roles).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', T]);
    expect(sortRoles([role(T, T, { priority: 5 }), role('x', T, { priority: 1 })]).map((r) => r.id)).toEqual(['x', T]);
  });

  it('sends every role but the default one, highest first', () => {
    expect(reorderBody(roles)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('moves a role up past one (keyboard ArrowUp) and gives the server priorities n … 1', () => {
    expect(ids(moveRole(roles, 'c', 'b', all))).toEqual(['a:4', 'c:3', 'b:2', 'd:1', `${T}:0`]);
  });

  it('moves a role down several places (a drag)', () => {
    expect(ids(moveRole(roles, 'a', 'd', all))).toEqual(['b:4', 'c:3', 'd:2', 'a:1', `${T}:0`]);
  });

  it('keeps the unchanged role objects', () => {
    const next = moveRole(roles, 'c', 'b', all);
    expect(next?.[0]).toBe(roles[2]);
    expect(next?.[3]).toBe(roles[0]);
  });

  it('renumbers roles whose priorities had gaps', () => {
    const gappy = [role('x', T, { priority: 9 }), role('y', T, { priority: 5 }), role(T, T, { priority: 0 })];
    expect(ids(moveRole(gappy, 'y', 'x', all))).toEqual(['y:2', 'x:1', `${T}:0`]);
  });

  it('does nothing for a drop on itself, an unknown role or the default role', () => {
    expect(moveRole(roles, 'b', 'b', all)).toBeNull();
    expect(moveRole(roles, 'b', 'zz', all)).toBeNull();
    expect(moveRole(roles, 'b', T, all)).toBeNull();
    expect(moveRole(roles, T, 'b', all)).toBeNull();
  });

  it('moves only roles below the rank, never past one above it', () => {
    const belowB = (r: Role) => r.priority < 3;
    expect(ids(moveRole(roles, 'd', 'c', belowB))).toEqual(['a:4', 'b:3', 'd:2', 'c:1', `${T}:0`]);
    expect(moveRole(roles, 'c', 'b', belowB)).toBeNull();
    expect(moveRole(roles, 'b', 'c', belowB)).toBeNull();
    expect(moveRole(roles, 'd', 'a', belowB)).toBeNull();
  });
});
