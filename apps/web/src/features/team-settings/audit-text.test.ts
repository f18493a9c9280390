import type { AuditEntry } from '@rally/shared/api/moderation';
import { TeamPermission } from '@rally/shared/permissions';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/team-settings.json';
import tr from '../../locales/tr/team-settings.json';
import { auditSentence, describeChange, hasDetails, type AuditNames } from './audit-text';
import { deleteTeamForm } from './delete-form';
import { checkValues } from '../../lib/form/state';
import { canOpenSettings, settingsTabs } from './settings-access';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', fallbackLng: 'en', resources: { en: { 'team-settings': en }, tr: { 'team-settings': tr } }, defaultNS: 'team-settings' });
});
const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);
const tTr = (key: string, values?: Record<string, unknown>) => i18n.t(key, { ...values, lng: 'tr' });

const names: AuditNames = {
  user: (id) => ({ u1: 'alice', u2: 'bob' })[id],
  channel: (id) => (id === 'c1' ? 'general' : undefined),
  category: (id) => (id === 'k1' ? 'Games' : undefined),
  role: (id) => (id === 'r1' ? 'Moderator' : undefined),
  teamName: 'Raiders',
};

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  actionType: 'TEAM_UPDATED',
  userId: 'u1',
  targetType: null,
  targetId: null,
  changes: [],
  options: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  ...over,
});

describe('audit entry sentences', () => {
  it('names actor and target in English and Turkish', () => {
    const ban = entry({ actionType: 'USER_BANNED', targetType: 'user', targetId: 'u2' });
    expect(auditSentence(ban, names, t)).toBe('alice banned bob');
    expect(auditSentence(ban, names, tTr)).toBe('alice, bob kullanıcısını yasakladı');
    expect(auditSentence(entry({ actionType: 'CHANNEL_UPDATED', targetType: 'channel', targetId: 'c1' }), names, t)).toBe('alice updated the channel #general');
    expect(auditSentence(entry({ actionType: 'TEAM_UPDATED', targetType: 'team', targetId: 't' }), names, t)).toBe('alice updated the team');
    expect(auditSentence(entry({ actionType: 'CATEGORY_CREATED', targetType: 'category', targetId: 'k1' }), names, t)).toBe('alice created the category Games');
  });

  it("takes a deleted target's name from the entry's changes", () => {
    const deleted = entry({ actionType: 'ROLE_DELETED', targetType: 'role', targetId: 'gone', changes: [{ key: 'name', old: 'Raid lead', new: null }] });
    expect(auditSentence(deleted, names, t)).toBe('alice deleted the role Raid lead');
    const channel = entry({ actionType: 'CHANNEL_DELETED', targetType: 'channel', targetId: 'gone', changes: [{ key: 'name', old: 'old-chat', new: null }] });
    expect(auditSentence(channel, names, t)).toBe('alice deleted the channel #old-chat');
  });

  it('names an emoji by the name its entries carry, as the server writes them (created: new, updated: new, deleted: old)', () => {
    const emoji = (actionType: AuditEntry['actionType'], old: string | null, now: string | null) =>
      entry({ actionType, targetType: 'emoji', targetId: '99', changes: [{ key: 'name', old, new: now }] });
    expect(auditSentence(emoji('EMOJI_CREATED', null, 'gg'), names, t)).toBe('alice added the emoji :gg:');
    const renamed = emoji('EMOJI_UPDATED', 'gg', 'good_game');
    expect(auditSentence(renamed, names, t)).toBe('alice updated the emoji :good_game:');
    expect(describeChange(renamed.changes[0]!, renamed, names, t)).toBe('Name: gg → good_game');
    expect(auditSentence(emoji('EMOJI_DELETED', 'gg', null), names, t)).toBe('alice deleted the emoji :gg:');
    expect(hasDetails(emoji('EMOJI_DELETED', 'gg', null))).toBe(false);
  });

  it("falls back to the spec's Unknown texts", () => {
    expect(auditSentence(entry({ actionType: 'USER_KICKED', userId: null, targetType: 'user', targetId: 'u9' }), names, t)).toBe(
      'Unknown User kicked Unknown User',
    );
    expect(auditSentence(entry({ actionType: 'CHANNEL_UPDATED', targetType: 'channel', targetId: 'x' }), names, t)).toBe(
      'alice updated the channel Unknown Channel',
    );
    expect(auditSentence(entry({ actionType: 'ROLE_UPDATED', targetType: 'role', targetId: 'x' }), names, t)).toBe('alice updated the role Unknown Role');
    expect(auditSentence(entry({ actionType: 'CATEGORY_UPDATED', targetType: 'category', targetId: 'x' }), names, t)).toBe(
      'alice updated the category Unknown Category',
    );
    expect(auditSentence(entry({ actionType: 'EMOJI_DELETED', targetType: 'emoji', targetId: 'x' }), names, t)).toBe('alice deleted the emoji Unknown Emoji');
    expect(auditSentence(entry({ actionType: 'WEBHOOK_UPDATED', targetType: 'webhook', targetId: 'x' }), names, t)).toBe(
      'alice updated the webhook Unknown Webhook',
    );
    expect(auditSentence(entry({ actionType: 'UNHEARD_OF' as AuditEntry['actionType'] }), names, t)).toBe('alice did something');
  });

  it('counts and channels of message deletions', () => {
    const e = entry({ actionType: 'MESSAGES_DELETED', targetType: 'user', targetId: 'u2', options: { channelId: 'c1', count: 12 } });
    expect(auditSentence(e, names, t)).toBe('alice deleted 12 messages in #general');
    expect(auditSentence(e, names, tTr)).toBe('alice, #general kanalında 12 mesaj sildi');
  });

  it('a voice move: the target channel in the sentence, both channels in its change', () => {
    const e = entry({
      actionType: 'USER_MOVED',
      targetType: 'user',
      targetId: 'u2',
      options: { channelId: 'c1' },
      changes: [{ key: 'channelId', old: 'c9', new: 'c1' }],
    });
    expect(auditSentence(e, names, t)).toBe('alice moved bob to #general');
    expect(auditSentence(e, names, tTr)).toBe('alice, bob kullanıcısını #general kanalına taşıdı');
    expect(describeChange(e.changes[0]!, e, names, t)).toBe('Voice channel: Unknown Channel → #general');
  });

  it('describes changes readably', () => {
    const team = entry({ targetType: 'team' });
    expect(describeChange({ key: 'name', old: 'Raiders', new: 'Wolves' }, team, names, t)).toBe('Name: Raiders → Wolves');
    expect(describeChange({ key: 'description', old: null, new: 'We play at night' }, team, names, t)).toBe('Description: We play at night');
    expect(describeChange({ key: 'isSafeForTeen', old: false, new: true }, team, names, t)).toBe('Safe for teens: no → yes');
    expect(describeChange({ key: 'owner', old: 'u1', new: 'u2' }, team, names, t)).toBe('Owner: alice → bob');
    const role = entry({ actionType: 'ROLE_UPDATED', targetType: 'role', targetId: 'r1' });
    expect(describeChange({ key: 'permissions', old: 0, new: TeamPermission.BAN_MEMBERS | TeamPermission.KICK_MEMBERS }, role, names, t)).toBe(
      'Permissions: no permissions → Ban members, Kick members',
    );
    expect(describeChange({ key: 'color', old: '#ffffff', new: '#ff0000' }, role, names, t)).toBe('Colour: #ffffff → #ff0000');
    const roles = entry({ actionType: 'USER_ROLES_UPDATED', targetType: 'user', targetId: 'u2' });
    expect(describeChange({ key: '$add', old: null, new: 'Moderator', id: 'r1' }, roles, names, t)).toBe('Added the role Moderator');
    expect(describeChange({ key: '$remove', old: 'Moderator', new: null, id: 'r1' }, roles, names, tTr)).toBe('Moderator rolü alındı');
  });

  it('expands entries with changes, except deleted actions', () => {
    expect(hasDetails(entry({ changes: [{ key: 'name', old: 'a', new: 'b' }] }))).toBe(true);
    expect(hasDetails(entry({ actionType: 'ROLE_DELETED', changes: [{ key: 'name', old: 'a', new: null }] }))).toBe(false);
    expect(hasDetails(entry({ actionType: 'USER_KICKED' }))).toBe(false);
  });
});

describe('team settings access', () => {
  const access = (bits: number, isOwner = false) => ({ ready: true, isOwner, can: (bit: number) => isOwner || (bits & bit) !== 0 });

  it('shows each tab with its bit and delete to the creator only', () => {
    expect(settingsTabs(access(0))).toEqual(['overview']);
    expect(settingsTabs(access(TeamPermission.BAN_MEMBERS))).toEqual(['overview', 'bans']);
    expect(settingsTabs(access(TeamPermission.MANAGE_TEAM | TeamPermission.VIEW_AUDIT_LOG))).toEqual(['overview', 'auditLog', 'emoji', 'invites']);
    expect(settingsTabs(access(0, true))).toEqual(['overview', 'roles', 'auditLog', 'bans', 'emoji', 'invites', 'delete']);
  });

  it('offers the settings entry only with a bit that opens a tab beyond the overview', () => {
    expect(canOpenSettings(access(TeamPermission.CREATE_INVITES | TeamPermission.MANAGE_CHANNELS))).toBe(false);
    expect(canOpenSettings(access(TeamPermission.VIEW_AUDIT_LOG))).toBe(true);
    expect(canOpenSettings(access(0, true))).toBe(true);
    expect(canOpenSettings({ ...access(0, true), ready: false })).toBe(false);
  });
});

describe('delete team form', () => {
  it('submits only the exact team name', () => {
    const schema = deleteTeamForm({ id: '123', name: 'Raiders' });
    expect(checkValues(schema, { name: 'raiders' }).errors).toEqual({ name: 'team-settings:delete.mismatch' });
    expect(checkValues(schema, { name: 'Raiders' }).data).toEqual({ id: '123', name: 'Raiders' });
  });
});
