import { TeamPermission } from '@rally/shared/permissions';
import { describe, expect, it } from 'vitest';
import { checkValues } from '../../lib/form/state';
import { role } from '../teams/testing';
import { isSingleEmoji } from './icon-emoji';
import { currentValues, editedRoleIds, editOf, editsOf, flagsLocked, valuesOf, withBit } from './role-draft';
import { rolesForm, rolesWithErrors } from './roles-form';

const T = '1';
const mod = role('10', T, { name: 'Mods', color: '#FF0000', priority: 2, permissions: TeamPermission.KICK_MEMBERS, description: 'keep order' });
const vip = role('11', T, { name: 'VIP', priority: 1 });
const everyone = role(T, T, { name: 'everyone', priority: 0 });
const roles = [mod, vip, everyone];

describe('role drafts', () => {
  it('shows a role without a colour as white, colours in lower case, empty texts for nulls', () => {
    expect(valuesOf(vip)).toMatchObject({ color: '#ffffff', color2: null, iconEmojiId: '', description: '' });
    expect(valuesOf(mod).color).toBe('#ff0000');
  });

  it('changes nothing while the values are the saved ones (case of a colour aside)', () => {
    expect(editOf(mod, valuesOf(mod))).toBeNull();
    expect(editOf(mod, { ...valuesOf(mod), color: '#FF0000' })).toBeNull();
    expect(editOf(vip, valuesOf(vip))).toBeNull();
  });

  it('sends only the changed fields', () => {
    expect(editOf(mod, { ...valuesOf(mod), name: 'Moderators', permissions: TeamPermission.KICK_MEMBERS | TeamPermission.BAN_MEMBERS })).toEqual({
      id: '10',
      name: 'Moderators',
      permissions: TeamPermission.KICK_MEMBERS | TeamPermission.BAN_MEMBERS,
    });
    expect(editOf(vip, { ...valuesOf(vip), color: '#ff4d8d', color2: '#8b7bff' })).toEqual({ id: '11', color: '#ff4d8d', color2: '#8b7bff' });
    expect(editOf(vip, { ...valuesOf(vip), mentionable: true })).toEqual({ id: '11', mentionable: true });
  });

  it('clears an icon or a description as null, and a blank one counts as none', () => {
    const iconRole = role('12', T, { iconEmojiId: '🎮', description: 'x' });
    expect(editOf(iconRole, { ...valuesOf(iconRole), iconEmojiId: '', description: '   ' })).toEqual({ id: '12', iconEmojiId: null, description: null });
    expect(editOf(vip, { ...valuesOf(vip), description: '  ' })).toBeNull();
  });

  it('makes a gradient solid again with color2 null', () => {
    const gradient = role('13', T, { color: '#ff0000', color2: '#00ff00' });
    expect(editOf(gradient, { ...valuesOf(gradient), color2: null })).toEqual({ id: '13', color2: null });
  });

  it('lists the edits of every edited role in the roles order, leaving out drafts back at the saved values and deleted roles', () => {
    const drafts = {
      '11': { ...valuesOf(vip), name: 'V.I.P.' },
      '10': valuesOf(mod),
      gone: { ...valuesOf(vip), name: 'Deleted meanwhile' },
      [T]: { ...valuesOf(everyone), permissions: TeamPermission.CREATE_INVITES },
    };
    expect(editsOf(roles, drafts)).toEqual([
      { id: '11', name: 'V.I.P.' },
      { id: T, permissions: TeamPermission.CREATE_INVITES },
    ]);
    expect([...editedRoleIds(roles, drafts)]).toEqual(['11', T]);
    expect(currentValues(vip, drafts).name).toBe('V.I.P.');
    expect(currentValues(mod, {}).name).toBe('Mods');
  });

  it('locks the flags of the default role and of bot roles', () => {
    expect(flagsLocked(everyone)).toBe(true);
    expect(flagsLocked(role('14', T, { botUserId: '99' }))).toBe(true);
    expect(flagsLocked(vip)).toBe(false);
  });

  it('switches one permission bit', () => {
    expect(withBit(0b101, 0b010, true)).toBe(0b111);
    expect(withBit(0b111, 0b010, false)).toBe(0b101);
  });
});

describe('the roles form', () => {
  const form = rolesForm(roles);

  it('is invalid with nothing to save', () => {
    expect(checkValues(form, {}).data).toBeNull();
    expect(checkValues(form, { '10': valuesOf(mod) }).data).toBeNull();
  });

  it('submits the PATCH roles body', () => {
    expect(checkValues(form, { '11': { ...valuesOf(vip), name: 'Elite' } }).data).toEqual([{ id: '11', name: 'Elite' }]);
  });

  it("reports each role's field under <roleId>/<field>", () => {
    const { data, errors } = checkValues(form, {
      '10': { ...valuesOf(mod), name: '' },
      '11': { ...valuesOf(vip), name: 'x'.repeat(25), iconEmojiId: 'ab' },
    });
    expect(data).toBeNull();
    expect(errors).toEqual({
      '10/name': 'errors:role_name_required',
      '11/name': 'errors:role_name_too_long',
      '11/iconEmojiId': 'roles:editor.iconInvalid',
    });
    expect([...rolesWithErrors(errors)].sort()).toEqual(['10', '11']);
  });

  it('takes a role name of exactly 24 characters and a description up to the limit', () => {
    expect(checkValues(form, { '11': { ...valuesOf(vip), name: 'x'.repeat(24), description: 'd'.repeat(256) } }).data).not.toBeNull();
    expect(checkValues(form, { '11': { ...valuesOf(vip), description: 'd'.repeat(257) } }).errors).toEqual({
      '11/description': 'errors:role_description_too_long',
    });
  });

  it('leaves an unchanged custom emoji id alone but wants a new icon to be one emoji', () => {
    const custom = role('15', T, { iconEmojiId: '123456789', priority: 1 });
    const f = rolesForm([custom]);
    expect(checkValues(f, { '15': { ...valuesOf(custom), name: 'Renamed' } }).data).toEqual([{ id: '15', name: 'Renamed' }]);
    expect(checkValues(f, { '15': { ...valuesOf(custom), iconEmojiId: '🔥' } }).data).toEqual([{ id: '15', iconEmojiId: '🔥' }]);
  });
});

describe('isSingleEmoji', () => {
  it.each(['🎮', '👍🏽', '👨‍👩‍👧', '🇹🇷', '❤️'])('takes %s', (value) => expect(isSingleEmoji(value)).toBe(true));
  it.each(['', 'a', '🎮🎮', 'a🎮', '12'])('refuses %j', (value) => expect(isSingleEmoji(value)).toBe(false));
});
