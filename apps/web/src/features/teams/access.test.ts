import { ChannelPermission, TeamPermission } from '@rally/shared/permissions';
import { describe, expect, it } from 'vitest';
import { teamAccess } from './access';
import { category, channel, member, role } from './testing';

const team = { id: '10', createdBy: '1' };
const everyone = role('10', '10', { priority: 0, permissions: TeamPermission.CREATE_INVITES });
const mod = role('20', '10', { priority: 5, permissions: TeamPermission.KICK_MEMBERS | TeamPermission.MANAGE_CHANNELS });
const admin = role('30', '10', { priority: 9, permissions: TeamPermission.ADMINISTRATOR });
const roles = [admin, mod, everyone];

describe('teamAccess', () => {
  it('refuses everything until roles and the membership are known', () => {
    const a = teamAccess({ team, userId: '2', roles: undefined, myRoleIds: ['20'], categories: [] });
    expect(a.ready).toBe(false);
    expect(a.can(TeamPermission.CREATE_INVITES)).toBe(false);
    expect(a.canActOnMember(member('3'))).toBe(false);
  });

  it('gives the owner every bit and rank over everyone, but not leaving', () => {
    const a = teamAccess({ team, userId: '1', roles, myRoleIds: undefined, categories: [] });
    expect(a.isOwner).toBe(true);
    expect(a.can(TeamPermission.BAN_MEMBERS)).toBe(true);
    expect(a.canActOnMember(member('3', { roles: ['30'] }))).toBe(true);
    expect(a.canLeave).toBe(false);
  });

  it('follows held roles for bits and rank', () => {
    const a = teamAccess({ team, userId: '2', roles, myRoleIds: ['20'], categories: [] });
    expect(a.can(TeamPermission.KICK_MEMBERS)).toBe(true);
    expect(a.can(TeamPermission.BAN_MEMBERS)).toBe(false);
    expect(a.canActOnMember(member('3'))).toBe(true);
    expect(a.canActOnMember(member('3', { roles: ['20'] }))).toBe(false);
    expect(a.canActOnMember(member('1'))).toBe(false);
    expect(a.canActOnRole(everyone)).toBe(true);
    expect(a.canActOnRole(admin)).toBe(false);
    expect(a.canGrant(TeamPermission.KICK_MEMBERS)).toBe(true);
    expect(a.canGrant(TeamPermission.BAN_MEMBERS)).toBe(false);
    expect(a.canLeave).toBe(true);
  });

  it("reads a channel's permissions with its category's overwrites", () => {
    const hidden = category('50', '10', { permissions: { role: { '10': { allow: 0, deny: ChannelPermission.VIEW_CHANNEL } }, user: {} } });
    const inside = channel('60', '10', { parentId: '50' });
    const plain = teamAccess({ team, userId: '3', roles, myRoleIds: [], categories: [hidden] });
    expect(plain.canOnChannel(inside, ChannelPermission.VIEW_CHANNEL)).toBe(false);
    expect(plain.canOnChannel(channel('61', '10'), ChannelPermission.VIEW_CHANNEL)).toBe(true);
    const boss = teamAccess({ team, userId: '4', roles, myRoleIds: ['30'], categories: [hidden] });
    expect(boss.canOnChannel(inside, ChannelPermission.VIEW_CHANNEL)).toBe(true);
  });
});
