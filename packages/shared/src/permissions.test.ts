import { describe, expect, it } from 'vitest';
import {
  ALL_TEAM_PERMISSIONS,
  CHANNEL_PERMISSION_SETS,
  ChannelPermission as C,
  computeChannelPermissions,
  computeTeamPermissions,
  DEFAULT_ROLE_PERMISSIONS,
  hasBit,
  TeamPermission as T,
  type ChannelOverwrites,
  type PermissionContext,
} from './permissions';

const TEAM = '100';
const OWNER = '1';
const USER = '2';
const MOD = '200';
const MUTED = '300';

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
    ],
    ...overrides,
  };
}

const ow = (role: ChannelOverwrites['role'] = {}, user: ChannelOverwrites['user'] = {}): ChannelOverwrites => ({ role, user });
const text = (permissions?: ChannelOverwrites) => ({ type: 'text' as const, permissions });

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
    const roles = [...ctx().roles, { id: '400', permissions: T.ADMINISTRATOR, priority: 3 }];
    expect(computeTeamPermissions(ctx({ memberRoleIds: ['400'], roles }))).toBe(ALL_TEAM_PERMISSIONS);
  });

  it('takes a permission away when the default role loses it', () => {
    const roles = [{ id: TEAM, permissions: 0, priority: 0 }];
    expect(hasBit(computeTeamPermissions(ctx({ roles })), T.CREATE_INVITES)).toBe(false);
  });
});

describe('computeChannelPermissions', () => {
  it('grants the text defaults without overwrites', () => {
    expect(computeChannelPermissions(ctx(), text())).toBe(CHANNEL_PERMISSION_SETS.text.defaults);
  });

  it('grants the owner and administrators every applicable bit, overwrites notwithstanding', () => {
    const denyAll = ow({ [TEAM]: { allow: 0, deny: CHANNEL_PERMISSION_SETS.text.applicable } });
    expect(computeChannelPermissions(ctx({ userId: OWNER }), text(denyAll))).toBe(CHANNEL_PERMISSION_SETS.text.applicable);
    const roles = [...ctx().roles, { id: '400', permissions: T.ADMINISTRATOR, priority: 3 }];
    expect(computeChannelPermissions(ctx({ memberRoleIds: ['400'], roles }), text(denyAll))).toBe(CHANNEL_PERMISSION_SETS.text.applicable);
  });

  it('applies a deny on the default role', () => {
    const mask = computeChannelPermissions(ctx(), text(ow({ [TEAM]: { allow: 0, deny: C.SEND_MESSAGES } })));
    expect(hasBit(mask, C.SEND_MESSAGES)).toBe(false);
    expect(hasBit(mask, C.VIEW_CHANNEL)).toBe(true);
  });

  it('lets a held role allow what the default role denies', () => {
    const overwrites = ow({ [TEAM]: { allow: 0, deny: C.VIEW_CHANNEL }, [MOD]: { allow: C.VIEW_CHANNEL, deny: 0 } });
    expect(hasBit(computeChannelPermissions(ctx(), text(overwrites)), C.VIEW_CHANNEL)).toBe(false);
    expect(hasBit(computeChannelPermissions(ctx({ memberRoleIds: [MOD] }), text(overwrites)), C.VIEW_CHANNEL)).toBe(true);
  });

  it('does not let one held role deny what another held role allows', () => {
    const overwrites = ow({ [MOD]: { allow: C.SEND_MESSAGES, deny: 0 }, [MUTED]: { allow: 0, deny: C.SEND_MESSAGES } });
    expect(hasBit(computeChannelPermissions(ctx({ memberRoleIds: [MUTED] }), text(overwrites)), C.SEND_MESSAGES)).toBe(false);
    expect(hasBit(computeChannelPermissions(ctx({ memberRoleIds: [MOD, MUTED] }), text(overwrites)), C.SEND_MESSAGES)).toBe(true);
  });

  it('lets a user overwrite win over role overwrites, both ways', () => {
    const deny = ow({ [MOD]: { allow: C.SEND_MESSAGES, deny: 0 } }, { [USER]: { allow: 0, deny: C.SEND_MESSAGES } });
    expect(hasBit(computeChannelPermissions(ctx({ memberRoleIds: [MOD] }), text(deny)), C.SEND_MESSAGES)).toBe(false);
    const allow = ow({ [TEAM]: { allow: 0, deny: C.SEND_MESSAGES } }, { [USER]: { allow: C.SEND_MESSAGES, deny: 0 } });
    expect(hasBit(computeChannelPermissions(ctx(), text(allow)), C.SEND_MESSAGES)).toBe(true);
    // Another user's overwrite does not apply.
    const other = ow({}, { '999': { allow: 0, deny: C.VIEW_CHANNEL } });
    expect(hasBit(computeChannelPermissions(ctx(), text(other)), C.VIEW_CHANNEL)).toBe(true);
  });

  it('inherits the category overwrites, and lets the channel overwrites override them', () => {
    const category = { permissions: ow({ [TEAM]: { allow: 0, deny: C.VIEW_CHANNEL } }) };
    expect(hasBit(computeChannelPermissions(ctx(), text(), category), C.VIEW_CHANNEL)).toBe(false);
    const reopened = text(ow({ [TEAM]: { allow: C.VIEW_CHANNEL, deny: 0 } }));
    expect(hasBit(computeChannelPermissions(ctx(), reopened, category), C.VIEW_CHANNEL)).toBe(true);
  });

  it('adds MANAGE_CHANNEL for MANAGE_CHANNELS and MANAGE_MESSAGES for DELETE_MESSAGES', () => {
    const mod = computeChannelPermissions(ctx({ memberRoleIds: [MOD] }), text());
    expect(hasBit(mod, C.MANAGE_CHANNEL)).toBe(true);
    expect(hasBit(mod, C.MANAGE_MESSAGES)).toBe(false);
    const roles = [...ctx().roles, { id: '500', permissions: T.DELETE_MESSAGES, priority: 1 }];
    expect(hasBit(computeChannelPermissions(ctx({ memberRoleIds: ['500'], roles }), text()), C.MANAGE_MESSAGES)).toBe(true);
  });

  it('keeps only the bits that apply to the channel type', () => {
    const overwrites = ow({ [TEAM]: { allow: C.SEND_MESSAGES | C.CONNECT, deny: 0 } });
    const voice = computeChannelPermissions(ctx(), { type: 'voice', permissions: overwrites });
    expect(hasBit(voice, C.SEND_MESSAGES)).toBe(false);
    expect(voice).toBe(C.VIEW_CHANNEL | C.CONNECT);
    expect(computeChannelPermissions(ctx(), { type: 'category' })).toBe(C.VIEW_CHANNEL);
  });
});
