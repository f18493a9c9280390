import { ChannelPermission } from '@rally/shared/permissions';
import { describe, expect, it } from 'vitest';
import { category, channel, member, role, team } from '../teams/testing';
import { groupMembers, roleNameStyle, topDisplayedRole, type MemberListRow } from './member-groups';

const T = '100';
const VIEW = ChannelPermission.VIEW_CHANNEL;
const owner = '1';
const everyone = role(T, T, { priority: 0 });
const mods = role('201', T, { name: 'Mods', priority: 5, isDisplayedSeparately: true, color: '#ff0000' });
const vips = role('202', T, { name: 'VIP', priority: 3, isDisplayedSeparately: true, color: '#00ff00', color2: '#0000ff' });
const quiet = role('203', T, { name: 'Quiet', priority: 4, isDisplayedSeparately: false, color: '#123456' });
const roles = [mods, quiet, vips, everyone];

/** Rows as short strings: "# header count" and "name", for readable expectations. */
const show = (rows: MemberListRow[]) =>
  rows.map((r) =>
    r.kind === 'header'
      ? `# ${r.group.type === 'role' ? r.group.role.name : r.group.type} ${r.count}`
      : `${r.member.username}${r.colorRole ? ` (${r.colorRole.name})` : ''}`,
  );

describe('groupMembers', () => {
  const members = [
    member(owner, { username: 'zed', presence: 1 }),
    member('2', { username: 'bob', presence: 1, roles: [vips.id, mods.id] }),
    member('3', { username: 'Alice', presence: 2, roles: [vips.id] }),
    member('4', { username: 'carl', presence: 3, roles: [quiet.id] }),
    member('5', { username: 'dora', presence: 0, roles: [mods.id] }),
    member('6', { username: 'eve', presence: 1 }),
  ];

  it('groups online members under their highest displayed-separately role, then Online, then every offline member under Offline', () => {
    expect(show(groupMembers({ team: team(T, { createdBy: owner, memberCount: 6 }), members, roles }))).toEqual([
      '# Mods 1',
      'bob (Mods)',
      '# VIP 1',
      'Alice (VIP)',
      '# online 3',
      'carl',
      'eve',
      'zed',
      '# offline 1',
      'dora (Mods)',
    ]);
  });

  it('lists no offline member in a team of more than 1000 members', () => {
    const rows = groupMembers({ team: team(T, { createdBy: owner, memberCount: 1001 }), members, roles });
    expect(rows.some((r) => r.kind === 'member' && r.member.presence === 0)).toBe(false);
    expect(rows.some((r) => r.kind === 'header' && r.group.type === 'offline')).toBe(false);
  });

  it('lists only members who may view the channel: role and user overwrites, the category, the owner always', () => {
    const hidden = channel('300', T, {
      parentId: '400',
      permissions: { role: { [T]: { allow: 0, deny: VIEW }, [mods.id]: { allow: VIEW, deny: 0 } }, user: { '6': { allow: VIEW, deny: 0 } } },
    });
    const cat = category('400', T, { permissions: { role: {}, user: { '3': { allow: VIEW, deny: 0 } } } });
    const rows = groupMembers({ team: team(T, { createdBy: owner, memberCount: 6 }), members, roles, channel: hidden, category: cat });
    expect(show(rows)).toEqual(['# Mods 1', 'bob (Mods)', '# VIP 1', 'Alice (VIP)', '# online 2', 'eve', 'zed', '# offline 1', 'dora (Mods)']);
  });

  it('a user overwrite denying the view hides one member of a role set, not the others', () => {
    const c = channel('300', T, { permissions: { role: {}, user: { '2': { allow: 0, deny: VIEW } } } });
    const twins = [...members, member('7', { username: 'bob2', presence: 1, roles: [vips.id, mods.id] })];
    const rows = groupMembers({ team: team(T, { createdBy: owner, memberCount: 7 }), members: twins, roles, channel: c });
    expect(show(rows).slice(0, 2)).toEqual(['# Mods 1', 'bob2 (Mods)']);
  });

  it('handles 10,000 members: every one listed once, in the right group, sorted', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      member(String(1000 + i), {
        username: `player${String(i).padStart(5, '0')}`,
        presence: i % 3 === 0 ? 0 : 1,
        roles: i % 7 === 0 ? [mods.id] : i % 5 === 0 ? [vips.id, quiet.id] : [],
      }),
    );
    const rows = groupMembers({ team: team(T, { createdBy: owner, memberCount: 10_000 }), members: many, roles });
    const listed = rows.filter((r) => r.kind === 'member');
    const online = many.filter((m) => m.presence !== 0);
    expect(listed).toHaveLength(online.length);
    expect(new Set(listed.map((r) => r.member.id)).size).toBe(online.length);
    const headers = rows.filter((r) => r.kind === 'header');
    expect(headers.map((h) => (h.group.type === 'role' ? h.group.role.name : h.group.type))).toEqual(['Mods', 'VIP', 'online']);
    expect(headers.reduce((n, h) => n + h.count, 0)).toBe(online.length);
    const modNames = listed.filter((r) => r.colorRole === mods).map((r) => r.member.username);
    expect(modNames).toEqual([...modNames].sort());
    expect(modNames).toHaveLength(online.filter((m) => m.roles.includes(mods.id)).length);
  });
});

describe('topDisplayedRole and roleNameStyle', () => {
  const byId = new Map(roles.map((r) => [r.id, r]));
  it('picks the highest displayed-separately role', () => {
    expect(topDisplayedRole([vips.id, quiet.id, mods.id], byId)).toBe(mods);
    expect(topDisplayedRole([quiet.id], byId)).toBeNull();
    expect(topDisplayedRole(['unknown'], byId)).toBeNull();
  });
  it('colours solid or with a gradient through the text', () => {
    expect(roleNameStyle(mods)).toEqual({ color: '#ff0000' });
    expect(roleNameStyle(vips)).toMatchObject({ backgroundImage: 'linear-gradient(90deg, #00ff00, #0000ff)', backgroundClip: 'text' });
    expect(roleNameStyle(null)).toBeUndefined();
    expect(roleNameStyle(role('9', T, { color: null }))).toBeUndefined();
  });
});
