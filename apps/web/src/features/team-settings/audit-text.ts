import type { AuditChange, AuditEntry } from '@rally/shared/api/moderation';
import { TeamPermission, type TeamPermissionName } from '@rally/shared/permissions';

/**
 * Audit log entries as sentences (pure: tested without React). An entry names its actor and target
 * by id; the names come from the users the log answer carries and from the cached channels,
 * categories and roles, then from the entry's own changes (a deleted channel's old name), else the
 * spec's fallbacks (Unknown User, Unknown Channel, …, 001 §8).
 */
export interface AuditNames {
  user: (id: string) => string | undefined;
  channel: (id: string) => string | undefined;
  category: (id: string) => string | undefined;
  role: (id: string) => string | undefined;
  teamName: string;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The name an entry's changes give to its target (created: new name, deleted: old name). */
function nameFromChanges(changes: readonly AuditChange[]): string | undefined {
  const change = changes.find((c) => c.key === 'name');
  const value = change?.new ?? change?.old;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const FALLBACK = {
  user: 'audit.unknown.user',
  channel: 'audit.unknown.channel',
  category: 'audit.unknown.category',
  role: 'audit.unknown.role',
  emoji: 'audit.unknown.emoji',
  webhook: 'audit.unknown.webhook',
  team: 'audit.unknown.team',
} as const;

/** A user's name or 'Unknown User'. */
export function userName(id: string | null, names: AuditNames, t: Translate): string {
  return (id && names.user(id)) || t(FALLBACK.user);
}

/** A channel's name with its # or 'Unknown Channel'. */
export function channelName(id: string | null | undefined, names: AuditNames, t: Translate): string {
  const name = id ? names.channel(id) : undefined;
  return name ? `#${name}` : t(FALLBACK.channel);
}

/** The entry's target as the sentence names it. */
export function auditTargetName(entry: AuditEntry, names: AuditNames, t: Translate): string {
  const { targetType, targetId } = entry;
  const fromChanges = nameFromChanges(entry.changes);
  switch (targetType) {
    case 'user':
      return userName(targetId, names, t);
    case 'channel': {
      const name = (targetId && names.channel(targetId)) || fromChanges;
      return name ? `#${name}` : t(FALLBACK.channel);
    }
    case 'category':
      return (targetId && names.category(targetId)) || fromChanges || t(FALLBACK.category);
    case 'role':
      return (targetId && names.role(targetId)) || fromChanges || t(FALLBACK.role);
    case 'emoji':
      return fromChanges ? `:${fromChanges}:` : t(FALLBACK.emoji);
    case 'webhook':
      return fromChanges || t(FALLBACK.webhook);
    case 'team':
    case null:
      return names.teamName || t(FALLBACK.team);
  }
}

/** The sentence of an entry: "alice banned bob", "alice updated the channel #general". */
export function auditSentence(entry: AuditEntry, names: AuditNames, t: Translate): string {
  return t(`audit.action.${entry.actionType}`, {
    actor: userName(entry.userId, names, t),
    target: auditTargetName(entry, names, t),
    channel: channelName(entry.options?.channelId, names, t),
    count: entry.options?.count ?? entry.changes.length,
    defaultValue: t('audit.action.unknown', { actor: userName(entry.userId, names, t) }),
  });
}

/** Deleted actions show no details (001 §4); the others expand when they carry changes. */
export function hasDetails(entry: AuditEntry): boolean {
  return !entry.actionType.endsWith('_DELETED') && entry.changes.length > 0;
}

const PERMISSION_NAMES = Object.keys(TeamPermission) as TeamPermissionName[];

/** The team permission names of a mask (ADMINISTRATOR first, as numbered). */
export function permissionNames(mask: number): TeamPermissionName[] {
  return PERMISSION_NAMES.filter((name) => (mask & TeamPermission[name]) !== 0);
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** A colour value of a change (a role's colour), to draw a swatch beside it. */
export function isColour(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOUR.test(value);
}

/** One value of a change as readable text: none, yes/no, permission names, user and channel names. */
export function formatChangeValue(change: AuditChange, value: AuditChange['old'], entry: AuditEntry, names: AuditNames, t: Translate): string {
  if (value === null || value === '') return t('audit.value.none');
  if (typeof value === 'boolean') return t(value ? 'audit.value.yes' : 'audit.value.no');
  if (change.key === 'permissions' && typeof value === 'number' && entry.targetType === 'role') {
    const list = permissionNames(value);
    return list.length === 0 ? t('audit.value.noPermissions') : list.map((name) => t(`permissions.${name}`)).join(', ');
  }
  if (change.key === 'owner' && typeof value === 'string') return userName(value, names, t);
  if (change.key === 'channelId' && typeof value === 'string') return channelName(value, names, t);
  if (change.key === 'clonedFrom' && typeof value === 'string') return names.role(value) ?? names.channel(value) ?? value;
  return String(value);
}

/** One change of an entry as a line: "Name: Raiders → Wolves", "Added role Moderator". */
export function describeChange(change: AuditChange, entry: AuditEntry, names: AuditNames, t: Translate): string {
  if (change.key === '$add') return t('audit.change.roleAdded', { role: String(change.new ?? change.old ?? t(FALLBACK.role)) });
  if (change.key === '$remove') return t('audit.change.roleRemoved', { role: String(change.old ?? change.new ?? t(FALLBACK.role)) });
  const key = t(`audit.key.${change.key}`, { defaultValue: change.key });
  const oldText = formatChangeValue(change, change.old, entry, names, t);
  const newText = formatChangeValue(change, change.new, entry, names, t);
  if (change.old === null) return t('audit.change.set', { key, value: newText });
  if (change.new === null) return t('audit.change.cleared', { key, value: oldText });
  return t('audit.change.changed', { key, old: oldText, new: newText });
}
