import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_TEAM_PERMISSIONS, TeamPermission as T } from './permissions';
import {
  canActOnMember,
  canActOnRole,
  canDeleteRole,
  canGrantBits,
  canLeaveTeam,
  NO_ROLE_RANK,
  OWNER_RANK,
  rankOf,
  type RankContext,
  type RankedMember,
} from './permissions-rank';

const TEAM = '100';
const OWNER = '1';
const roles = [
  { id: TEAM, priority: 0 },
  { id: 'low', priority: 1 },
  { id: 'mid', priority: 5 },
  { id: 'mid2', priority: 5 },
  { id: 'high', priority: 9 },
];
const as = (userId: string, memberRoleIds: string[] = []): RankContext & { teamId: string } => ({ teamId: TEAM, ownerId: OWNER, userId, memberRoleIds, roles });
const member = (userId: string, memberRoleIds: string[] = []): RankedMember => ({ userId, memberRoleIds });
const role = (id: string) => roles.find((r) => r.id === id)!;

describe('rankOf', () => {
  it.each([
    ['the creator, whatever they hold', as(OWNER), OWNER_RANK],
    ['a member with only the default role', as('2'), NO_ROLE_RANK],
    ['a member with one role', as('2', ['low']), 1],
    ['a member with several roles: the highest', as('2', ['low', 'high', 'mid']), 9],
    ['a role id the team does not have counts for nothing', as('2', ['gone']), NO_ROLE_RANK],
  ])('%s', (_name, ctx, rank) => {
    expect(rankOf(ctx)).toBe(rank);
  });
});

describe('canActOnRole', () => {
  it.each([
    ['the creator acts on the highest role', as(OWNER), 'high', true],
    ['a member acts on a role below their highest', as('2', ['mid']), 'low', true],
    ['a member acts on the default role from any role above it', as('2', ['low']), TEAM, true],
    ['not on their own highest role', as('2', ['mid']), 'mid', false],
    ['not on another role of the same priority', as('2', ['mid']), 'mid2', false],
    ['not on a role above', as('2', ['mid']), 'high', false],
    ['a member with no role acts on no role, not even the default one', as('2'), TEAM, false],
  ])('%s → %s', (_name, actor, target, expected) => {
    expect(canActOnRole(actor, role(target))).toBe(expected);
  });
});

describe('canActOnMember (kick, ban, role change)', () => {
  it.each([
    ['the creator acts on anyone else', as(OWNER), member('3', ['high']), true],
    ['a member acts on a member below', as('2', ['mid']), member('3', ['low']), true],
    ['a member acts on a member with no role', as('2', ['low']), member('3'), true],
    ['not on a member of equal rank', as('2', ['mid']), member('3', ['mid2']), false],
    ['not on a member above', as('2', ['mid']), member('3', ['high']), false],
    ['not on the creator, whatever the actor holds', as('2', ['high']), member(OWNER), false],
    ['not on oneself', as('2', ['high']), member('2', ['high']), false],
    ['a member with no role acts on no one', as('2'), member('3'), false],
  ])('%s → %s', (_name, actor, target, expected) => {
    expect(canActOnMember(actor, target)).toBe(expected);
  });
});

describe('canGrantBits, canDeleteRole, canLeaveTeam', () => {
  it('grants or revokes only bits the member holds', () => {
    const held = T.MANAGE_ROLES | T.KICK_MEMBERS;
    expect(canGrantBits(held, T.KICK_MEMBERS)).toBe(true);
    expect(canGrantBits(held, 0)).toBe(true);
    expect(canGrantBits(held, T.KICK_MEMBERS | T.BAN_MEMBERS)).toBe(false);
    expect(canGrantBits(ALL_TEAM_PERMISSIONS, ALL_TEAM_PERMISSIONS)).toBe(true);
    // A role edit from BAN_MEMBERS to KICK_MEMBERS changes both bits: both must be held.
    expect(canGrantBits(T.KICK_MEMBERS, T.BAN_MEMBERS ^ T.KICK_MEMBERS)).toBe(false);
  });

  it('deletes neither the default role nor a bot role, and other roles only from above', () => {
    expect(canDeleteRole(as(OWNER), role(TEAM))).toBe(false);
    expect(canDeleteRole(as(OWNER), { id: 'bot', priority: 1, botUserId: '77' })).toBe(false);
    expect(canDeleteRole(as(OWNER), role('high'))).toBe(true);
    expect(canDeleteRole(as('2', ['mid']), role('low'))).toBe(true);
    expect(canDeleteRole(as('2', ['mid']), role('mid2'))).toBe(false);
  });

  it('lets everyone but the creator leave', () => {
    expect(canLeaveTeam(as(OWNER))).toBe(false);
    expect(canLeaveTeam(as('2', ['high']))).toBe(true);
  });
});

describe('rank: properties', () => {
  const ids = roles.map((r) => r.id).filter((id) => id !== TEAM);
  const someone = fc.record({ userId: fc.constantFrom(OWNER, '2', '3', '4'), memberRoleIds: fc.subarray(ids) });

  it('never lets two members act on each other, nor anyone on the creator', () => {
    fc.assert(
      fc.property(someone, someone, (a, b) => {
        const aOnB = canActOnMember(as(a.userId, a.memberRoleIds), b);
        const bOnA = canActOnMember(as(b.userId, b.memberRoleIds), a);
        return !(aOnB && bOnA) && !(b.userId === OWNER && aOnB);
      }),
    );
  });

  it('lets the creator act on every other member and every role', () => {
    fc.assert(fc.property(someone, fc.constantFrom(...roles), (b, r) => (b.userId === OWNER || canActOnMember(as(OWNER), b)) && canActOnRole(as(OWNER), r)));
  });

  it('never lets a member gain the right to act on someone by losing a role', () => {
    fc.assert(
      fc.property(someone, someone, fc.nat(), (a, b, n) => {
        const lost = a.memberRoleIds[n % Math.max(1, a.memberRoleIds.length)];
        const fewer = a.memberRoleIds.filter((id) => id !== lost);
        return !canActOnMember(as(a.userId, fewer), b) || canActOnMember(as(a.userId, a.memberRoleIds), b);
      }),
    );
  });

  it('grants exactly the bits held', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: ALL_TEAM_PERMISSIONS }),
        fc.integer({ min: 0, max: ALL_TEAM_PERMISSIONS }),
        (held, bits) => canGrantBits(held, bits) === ((held | bits) === held),
      ),
    );
  });
});
