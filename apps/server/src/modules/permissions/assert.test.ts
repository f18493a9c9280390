import { describe, expect, it } from 'vitest';
import { ChannelPermission, DEFAULT_ROLE_PERMISSIONS, TeamPermission } from '@rally/shared/permissions';
import { AppError } from '../../lib/errors';
import type { ChannelRow, RoleRow, TeamRow } from '../teams/mappers';
import type { TeamAccess } from './access';
import { assertActsOnMember, assertChannel, assertChannelType, assertGrants, assertOutranks, assertOwner, assertTeam, rankOf } from './assert';

const TEAM = '100';
const OWNER = '1';
const created = new Date('2026-01-01T00:00:00Z');
const team: TeamRow = {
  id: TEAM,
  name: 'Raiders',
  profilePicture: null,
  banner: null,
  description: null,
  ownerId: OWNER,
  isVerified: false,
  isSafeForTeen: false,
  isDiscoverable: false,
  memberCount: 3,
  createdAt: created,
};
const role = (id: string, priority: number, permissions: number): RoleRow => ({
  id,
  teamId: TEAM,
  name: id,
  color: null,
  color2: null,
  priority,
  permissions,
  iconEmojiId: null,
  isDisplayedSeparately: false,
  mentionable: false,
  isSelfAssignable: false,
  description: null,
  botUserId: null,
  createdAt: created,
});
const roles = [role('300', 5, TeamPermission.ADMINISTRATOR), role('200', 2, TeamPermission.KICK_MEMBERS), role(TEAM, 0, DEFAULT_ROLE_PERMISSIONS)];
const channel = (overrides: Partial<ChannelRow> = {}): ChannelRow =>
  ({ id: '500', teamId: TEAM, type: 'text', name: 'general', parentId: null, priority: 0, permissions: { role: {}, user: {} }, ...overrides }) as ChannelRow;

function accessOf(userId: string, memberRoleIds: string[], teamPermissions: number): TeamAccess {
  return { team, userId, memberRoleIds, roles, channels: [], teamPermissions };
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? [err.status, err.code] : err;
  }
  return null;
};

describe('the permission assertions', () => {
  it("refuse a team bit the member lacks, with the bit's own text when it has one", () => {
    const member = accessOf('2', [], DEFAULT_ROLE_PERMISSIONS);
    expect(refusal(() => assertTeam(member, 'CREATE_INVITES'))).toBeNull();
    expect(refusal(() => assertTeam(accessOf('2', [], 0), 'CREATE_INVITES'))).toEqual([403, 'no_permission_to_create_invites']);
    expect(refusal(() => assertTeam(member, 'MANAGE_ROLES'))).toEqual([403, 'forbidden']);
  });

  it("refuse a channel bit the member lacks there (an everyone-deny override), with the bit's text", () => {
    const member = accessOf('2', [], DEFAULT_ROLE_PERMISSIONS);
    const hidden = channel({ permissions: { role: { [TEAM]: { allow: 0, deny: ChannelPermission.VIEW_CHANNEL } }, user: {} } });
    expect(refusal(() => assertChannel(member, channel(), 'VIEW_CHANNEL'))).toBeNull();
    expect(refusal(() => assertChannel(member, hidden, 'VIEW_CHANNEL'))).toEqual([403, 'no_permission_to_view_channel']);
    expect(refusal(() => assertChannel(member, channel(), 'SEND_MESSAGES', 0))).toEqual([403, 'no_permission_to_send_messages']);
    expect(refusal(() => assertChannel(member, channel(), 'MANAGE_CHANNEL'))).toEqual([403, 'forbidden']);
  });

  it('refuse a channel bit that the channel type does not have with 400, whoever asks', () => {
    expect(refusal(() => assertChannelType(channel(), 'SEND_MESSAGES'))).toBeNull();
    expect(refusal(() => assertChannelType(channel({ type: 'voice' }), 'CONNECT'))).toBeNull();
    expect(refusal(() => assertChannelType(channel({ type: 'voice' }), 'SEND_MESSAGES'))).toEqual([400, 'channel_messages_unsupported']);
    expect(refusal(() => assertChannelType(channel({ type: 'announcement' }), 'CAN_SEE_MESSAGE_HISTORY'))).toEqual([400, 'channel_messages_unsupported']);
    expect(refusal(() => assertChannelType(channel(), 'CREATE_TODOS'))).toEqual([400, 'channel_type_unsupported']);
  });

  it('let only the creator pass the owner check', () => {
    expect(refusal(() => assertOwner(accessOf(OWNER, [], 0)))).toBeNull();
    expect(refusal(() => assertOwner(accessOf('2', ['300'], TeamPermission.ADMINISTRATOR)))).toEqual([403, 'forbidden']);
  });

  it('rank a member by their highest role; the creator outranks everyone, and nobody acts on their own rank', () => {
    expect(rankOf(accessOf(OWNER, [], 0))).toBe(Number.POSITIVE_INFINITY);
    expect(rankOf(accessOf('2', ['200', '300'], 0))).toBe(5);
    expect(rankOf(accessOf('3', ['200'], 0))).toBe(2);
    expect(refusal(() => assertOutranks(accessOf('3', ['200'], 0), 1))).toBeNull();
    expect(refusal(() => assertOutranks(accessOf('3', ['200'], 0), 2))).toEqual([403, 'forbidden']);
    expect(refusal(() => assertOutranks(accessOf('3', ['200'], 0), 5))).toEqual([403, 'forbidden']);
    expect(refusal(() => assertOutranks(accessOf(OWNER, [], 0), 1000))).toBeNull();
  });

  it('refuse acting on the creator, on oneself, or on a member of equal or higher rank', () => {
    const kicker = accessOf('3', ['200'], TeamPermission.KICK_MEMBERS);
    expect(refusal(() => assertActsOnMember(kicker, { userId: '4', memberRoleIds: [] }))).toBeNull();
    expect(refusal(() => assertActsOnMember(kicker, { userId: '4', memberRoleIds: ['200'] }))).toEqual([403, 'forbidden']);
    expect(refusal(() => assertActsOnMember(kicker, { userId: '2', memberRoleIds: ['300'] }))).toEqual([403, 'forbidden']);
    expect(refusal(() => assertActsOnMember(kicker, { userId: '3', memberRoleIds: ['200'] }))).toEqual([403, 'forbidden']);
    expect(refusal(() => assertActsOnMember(kicker, { userId: OWNER, memberRoleIds: [] }))).toEqual([403, 'forbidden']);
    expect(refusal(() => assertActsOnMember(accessOf(OWNER, [], 0), { userId: '2', memberRoleIds: ['300'] }))).toBeNull();
  });

  it('refuse granting or revoking a team bit the member does not hold', () => {
    const manager = accessOf('3', ['200'], TeamPermission.MANAGE_ROLES | TeamPermission.KICK_MEMBERS);
    expect(refusal(() => assertGrants(manager, TeamPermission.KICK_MEMBERS))).toBeNull();
    expect(refusal(() => assertGrants(manager, TeamPermission.KICK_MEMBERS | TeamPermission.BAN_MEMBERS))).toEqual([403, 'forbidden']);
    expect(refusal(() => assertGrants(manager, 0))).toBeNull();
  });
});
