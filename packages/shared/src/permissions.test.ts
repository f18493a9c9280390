import { describe, expect, it } from 'vitest';
import {
  ALL_TEAM_PERMISSIONS,
  CHANNEL_PERMISSION_SETS,
  ChannelPermission as C,
  canViewChannel,
  computeChannelPermissions,
  computeTeamPermissions,
  DEFAULT_ROLE_PERMISSIONS,
  hasBit,
  isSlowmodeExempt,
  mergeOverwrites,
  slowmodeSeconds,
  TeamPermission as T,
  type ChannelOverwrites,
  type ChannelType,
  type PermissionContext,
} from './permissions';

const TEAM = '100';
const OWNER = '1';
const USER = '2';
const MOD = '200'; // KICK_MEMBERS | MANAGE_CHANNELS, priority 2
const MUTED = '300'; // no team bits, priority 1
const ADMIN = '400'; // ADMINISTRATOR, priority 3
const JANITOR = '500'; // DELETE_MESSAGES, priority 1
const BUILDER = '600'; // MANAGE_CHANNELS, priority 1

function ctx(overrides: Partial<PermissionContext> = {}): PermissionContext {
  return {
    teamId: TEAM,
    ownerId: OWNER,
    userId: USER,
    memberRoleIds: [],
    roles: [
      { id: TEAM, permissions: DEFAULT_ROLE_PERMISSIONS, priority: 0 },
      { id: MOD, permissions: T.KICK_MEMBERS | T.MANAGE_CHANNELS, priority: 2 },
      { id: MUTED, permissions: 0, priority: 1 },
      { id: ADMIN, permissions: T.ADMINISTRATOR, priority: 3 },
      { id: JANITOR, permissions: T.DELETE_MESSAGES, priority: 1 },
      { id: BUILDER, permissions: T.MANAGE_CHANNELS, priority: 1 },
    ],
    ...overrides,
  };
}

const ow = (role: ChannelOverwrites['role'] = {}, user: ChannelOverwrites['user'] = {}): ChannelOverwrites => ({ role, user });
const deny = (bits: number) => ({ allow: 0, deny: bits });
const allow = (bits: number) => ({ allow: bits, deny: 0 });
const TEXT = CHANNEL_PERMISSION_SETS.text;
const D = TEXT.defaults; // VIEW_CHANNEL | SEND_MESSAGES | USE_EXTERNAL_EMOJIS | CAN_SEE_MESSAGE_HISTORY

describe('computeTeamPermissions', () => {
  it('gives the owner every permission', () => {
    expect(computeTeamPermissions(ctx({ userId: OWNER }))).toBe(ALL_TEAM_PERMISSIONS);
  });

  it('gives a plain member the default role', () => {
    const mask = computeTeamPermissions(ctx());
    expect(mask).toBe(DEFAULT_ROLE_PERMISSIONS);
    expect(hasBit(mask, T.CREATE_INVITES)).toBe(true);
    expect(hasBit(mask, T.MANAGE_TEAM)).toBe(false);
  });

  it('ORs the default role with the held roles, and ignores roles not held', () => {
    expect(computeTeamPermissions(ctx({ memberRoleIds: [MOD] }))).toBe(DEFAULT_ROLE_PERMISSIONS | T.KICK_MEMBERS | T.MANAGE_CHANNELS);
  });

  it('expands ADMINISTRATOR to everything', () => {
    expect(computeTeamPermissions(ctx({ memberRoleIds: [ADMIN] }))).toBe(ALL_TEAM_PERMISSIONS);
  });

  it('takes a permission away when the default role loses it', () => {
    const roles = [{ id: TEAM, permissions: 0, priority: 0 }];
    expect(hasBit(computeTeamPermissions(ctx({ roles })), T.CREATE_INVITES)).toBe(false);
  });

  it('numbers the team bits 0–13 as spec 001 §3 does', () => {
    expect(Object.entries(T).map(([name, bit]) => [name, Math.log2(bit)])).toEqual([
      ['ADMINISTRATOR', 0],
      ['MANAGE_CHANNELS', 1],
      ['MANAGE_ROLES', 2],
      ['MANAGE_TEAM', 3],
      ['VIEW_AUDIT_LOG', 4],
      ['BAN_MEMBERS', 5],
      ['DELETE_MESSAGES', 6],
      ['MANAGE_APPLICATIONS', 7],
      ['JOIN_TOURNAMENTS', 8],
      ['CREATE_INVITES', 9],
      ['MENTION_EVERYONE_AND_HERE', 10],
      ['MANAGE_BLOGS', 11],
      ['KICK_MEMBERS', 12],
      ['MOVE_MEMBERS', 13],
    ]);
  });
});

interface Case {
  name: string;
  member?: Partial<PermissionContext>;
  type?: ChannelType;
  channel?: ChannelOverwrites;
  category?: ChannelOverwrites;
  expected: number;
}

/** The rule of docs/permissions.md, case by case; `expected` is the whole mask. */
const CASES: Case[] = [
  { name: 'a plain member gets the text defaults', expected: D },
  {
    name: 'the owner gets every applicable bit, overwrites notwithstanding',
    member: { userId: OWNER },
    channel: ow({ [TEAM]: deny(TEXT.applicable) }, { [OWNER]: deny(TEXT.applicable) }),
    expected: TEXT.applicable,
  },
  {
    name: 'ADMINISTRATOR gets every applicable bit, overwrites notwithstanding',
    member: { memberRoleIds: [ADMIN] },
    channel: ow({ [TEAM]: deny(TEXT.applicable), [ADMIN]: deny(TEXT.applicable) }, { [USER]: deny(TEXT.applicable) }),
    expected: TEXT.applicable,
  },
  {
    name: 'ADMINISTRATOR on the default role makes everyone an administrator',
    member: { roles: [{ id: TEAM, permissions: T.ADMINISTRATOR, priority: 0 }] },
    expected: TEXT.applicable,
  },
  { name: 'an everyone-deny takes a default away', channel: ow({ [TEAM]: deny(C.SEND_MESSAGES) }), expected: D & ~C.SEND_MESSAGES },
  { name: 'an everyone-allow adds a bit', channel: ow({ [TEAM]: allow(C.MANAGE_MESSAGES) }), expected: D | C.MANAGE_MESSAGES },
  {
    name: 'a role-allow does not reach a member without the role',
    channel: ow({ [TEAM]: deny(C.VIEW_CHANNEL), [MOD]: allow(C.VIEW_CHANNEL) }),
    expected: D & ~C.VIEW_CHANNEL,
  },
  {
    name: 'a role-allow beats an everyone-deny',
    member: { memberRoleIds: [MOD] },
    channel: ow({ [TEAM]: deny(C.VIEW_CHANNEL), [MOD]: allow(C.VIEW_CHANNEL) }),
    expected: D | C.MANAGE_CHANNEL,
  },
  {
    name: 'a role-deny cannot take away a bit the everyone layer allows',
    member: { memberRoleIds: [MUTED] },
    channel: ow({ [MUTED]: deny(C.SEND_MESSAGES) }),
    expected: D,
  },
  {
    name: 'a role-deny cannot take away a bit another held role allows',
    member: { memberRoleIds: [MOD, MUTED] },
    channel: ow({ [TEAM]: deny(C.SEND_MESSAGES), [MOD]: allow(C.SEND_MESSAGES), [MUTED]: deny(C.SEND_MESSAGES) }),
    expected: D | C.MANAGE_CHANNEL,
  },
  {
    name: 'a role-deny takes away what that role itself brings (MANAGE_CHANNELS → MANAGE_CHANNEL)',
    member: { memberRoleIds: [MOD] },
    channel: ow({ [MOD]: deny(C.MANAGE_CHANNEL) }),
    expected: D,
  },
  {
    name: '… but not what another held role brings',
    member: { memberRoleIds: [MOD, BUILDER] },
    channel: ow({ [MOD]: deny(C.MANAGE_CHANNEL) }),
    expected: D | C.MANAGE_CHANNEL,
  },
  {
    name: 'an everyone-deny does not take away what a role brings',
    member: { memberRoleIds: [JANITOR] },
    channel: ow({ [TEAM]: deny(C.MANAGE_MESSAGES | C.SEND_MESSAGES) }),
    expected: (D & ~C.SEND_MESSAGES) | C.MANAGE_MESSAGES,
  },
  {
    name: "the default role's own team bits count in the everyone layer, and its deny takes them away",
    member: { roles: [{ id: TEAM, permissions: T.DELETE_MESSAGES, priority: 0 }] },
    channel: ow({ [TEAM]: deny(C.MANAGE_MESSAGES) }),
    expected: D,
  },
  { name: 'team DELETE_MESSAGES brings MANAGE_MESSAGES', member: { memberRoleIds: [JANITOR] }, expected: D | C.MANAGE_MESSAGES },
  {
    name: "a user-deny beats a role's allow",
    member: { memberRoleIds: [MOD] },
    channel: ow({ [MOD]: allow(C.SEND_MESSAGES) }, { [USER]: deny(C.SEND_MESSAGES) }),
    expected: (D & ~C.SEND_MESSAGES) | C.MANAGE_CHANNEL,
  },
  {
    name: 'a user-deny beats what a role brings from the team',
    member: { memberRoleIds: [MOD] },
    channel: ow({}, { [USER]: deny(C.MANAGE_CHANNEL) }),
    expected: D,
  },
  {
    name: 'a user-allow beats an everyone-deny and role-denies',
    member: { memberRoleIds: [MUTED] },
    channel: ow({ [TEAM]: deny(C.SEND_MESSAGES), [MUTED]: deny(C.SEND_MESSAGES) }, { [USER]: allow(C.SEND_MESSAGES) }),
    expected: D,
  },
  { name: "another user's overwrite does not apply", channel: ow({}, { '999': deny(C.VIEW_CHANNEL) }), expected: D },
  {
    name: 'a bit both allowed and denied by one overwrite is allowed',
    channel: ow({ [TEAM]: { allow: C.MANAGE_MESSAGES, deny: C.MANAGE_MESSAGES } }),
    expected: D | C.MANAGE_MESSAGES,
  },
  { name: "the category's overwrites apply to its channels", category: ow({ [TEAM]: deny(C.VIEW_CHANNEL) }), expected: D & ~C.VIEW_CHANNEL },
  {
    name: "the channel's overwrite beats the category's for the same target",
    category: ow({ [TEAM]: deny(C.VIEW_CHANNEL) }),
    channel: ow({ [TEAM]: allow(C.VIEW_CHANNEL) }),
    expected: D,
  },
  {
    name: "a category's role-allow opens its channels to the role",
    member: { memberRoleIds: [MUTED] },
    category: ow({ [TEAM]: deny(C.VIEW_CHANNEL), [MUTED]: allow(C.VIEW_CHANNEL) }),
    expected: D,
  },
  {
    name: "a channel's role-deny closes what the category opened to that role",
    member: { memberRoleIds: [MUTED] },
    category: ow({ [TEAM]: deny(C.VIEW_CHANNEL), [MUTED]: allow(C.VIEW_CHANNEL) }),
    channel: ow({ [MUTED]: deny(C.VIEW_CHANNEL) }),
    expected: D & ~C.VIEW_CHANNEL,
  },
  {
    name: "a category's user-deny applies unless the channel's user overwrite allows",
    category: ow({}, { [USER]: deny(C.SEND_MESSAGES | C.VIEW_CHANNEL) }),
    channel: ow({}, { [USER]: allow(C.VIEW_CHANNEL) }),
    expected: D & ~C.SEND_MESSAGES,
  },
  {
    name: 'only the bits of the type remain (voice)',
    type: 'voice',
    channel: ow({ [TEAM]: allow(C.SEND_MESSAGES | C.CONNECT) }),
    expected: C.VIEW_CHANNEL | C.CONNECT,
  },
  {
    name: 'a voice channel gives MANAGE_CHANNELS holders MANAGE_CHANNEL, not MANAGE_MESSAGES',
    type: 'voice',
    member: { memberRoleIds: [MOD, JANITOR] },
    expected: C.VIEW_CHANNEL | C.CONNECT | C.MANAGE_CHANNEL,
  },
  { name: 'a category grants VIEW_CHANNEL by default', type: 'category', expected: C.VIEW_CHANNEL },
  { name: 'the owner gets the todo set', type: 'todo', member: { userId: OWNER }, expected: CHANNEL_PERMISSION_SETS.todo.applicable },
  {
    name: 'a DM grants the DM set whatever the team and overwrites say (DMs are exempt)',
    type: 'DM',
    member: { roles: [] },
    channel: ow({ [TEAM]: deny(C.VIEW_CHANNEL) }, { [USER]: deny(C.SEND_MESSAGES) }),
    expected: C.VIEW_CHANNEL | C.SEND_MESSAGES | C.CAN_SEE_MESSAGE_HISTORY,
  },
];

describe('computeChannelPermissions: the table', () => {
  it.each(CASES)('$name', ({ member, type = 'text', channel, category, expected }) => {
    expect(computeChannelPermissions(ctx(member), { type, permissions: channel }, category && { permissions: category })).toBe(expected);
  });
});

describe('the channel permission sets (spec 001 §3)', () => {
  it.each([
    ['text', C.VIEW_CHANNEL | C.SEND_MESSAGES | C.USE_EXTERNAL_EMOJIS | C.CAN_SEE_MESSAGE_HISTORY],
    ['voice', C.VIEW_CHANNEL | C.CONNECT],
    ['todo', C.VIEW_CHANNEL],
    ['watchstream', C.VIEW_CHANNEL],
    ['announcement', C.VIEW_CHANNEL],
    ['whiteboard', C.VIEW_CHANNEL],
    ['category', C.VIEW_CHANNEL],
  ] as const)('a %s channel grants its defaults to a plain member', (type, defaults) => {
    expect(CHANNEL_PERMISSION_SETS[type].defaults).toBe(defaults);
    expect(computeChannelPermissions(ctx(), { type })).toBe(defaults);
    expect(defaults & ~CHANNEL_PERMISSION_SETS[type].applicable).toBe(0);
  });
});

describe('mergeOverwrites', () => {
  it("keeps the category's bits the channel says nothing about, and the channel's wherever it speaks", () => {
    const merged = mergeOverwrites({ allow: C.VIEW_CHANNEL | C.SEND_MESSAGES, deny: C.MANAGE_MESSAGES }, { allow: C.MANAGE_MESSAGES, deny: C.SEND_MESSAGES });
    expect(merged).toEqual({ allow: C.VIEW_CHANNEL | C.MANAGE_MESSAGES, deny: C.SEND_MESSAGES });
    expect(mergeOverwrites(undefined, allow(1))).toEqual(allow(1));
    expect(mergeOverwrites(deny(1), undefined)).toEqual(deny(1));
  });
});

describe('viewing and slowmode', () => {
  it('needs VIEW_CHANNEL to see a channel, unless the member is one of its participants', () => {
    expect(canViewChannel(D)).toBe(true);
    expect(canViewChannel(D & ~C.VIEW_CHANNEL)).toBe(false);
    expect(canViewChannel(C.CONNECT, true)).toBe(true);
  });

  it('exempts MANAGE_CHANNEL and MANAGE_MESSAGES holders from slowmode (owner, administrators, MANAGE_CHANNELS, DELETE_MESSAGES)', () => {
    const text = { type: 'text' as const };
    const on = (member: Partial<PermissionContext>) => computeChannelPermissions(ctx(member), text);
    expect(isSlowmodeExempt(on({}))).toBe(false);
    expect(slowmodeSeconds({ rateLimitPerUser: 30 }, on({}))).toBe(30);
    for (const member of [{ userId: OWNER }, { memberRoleIds: [ADMIN] }, { memberRoleIds: [BUILDER] }, { memberRoleIds: [JANITOR] }]) {
      expect(isSlowmodeExempt(on(member))).toBe(true);
      expect(slowmodeSeconds({ rateLimitPerUser: 30 }, on(member))).toBe(0);
    }
    // An overwrite that allows MANAGE_MESSAGES exempts too; a user-deny of what the role brings does not.
    expect(isSlowmodeExempt(computeChannelPermissions(ctx(), { type: 'text', permissions: ow({ [TEAM]: allow(C.MANAGE_MESSAGES) }) }))).toBe(true);
    expect(
      isSlowmodeExempt(computeChannelPermissions(ctx({ memberRoleIds: [BUILDER] }), { type: 'text', permissions: ow({}, { [USER]: deny(C.MANAGE_CHANNEL) }) })),
    ).toBe(false);
  });
});
