import { TeamPermission } from '@rally/shared/permissions';

/** The tabs of the team settings dialog, in order (spec 001 §2; games, template and discovery come with their issues). */
export type SettingsTabId = 'overview' | 'roles' | 'auditLog' | 'bans' | 'emoji' | 'invites' | 'delete';

interface AccessLike {
  ready: boolean;
  isOwner: boolean;
  can: (bit: number) => boolean;
}

/** The tabs a member may open: overview always, each other one with its bit, delete for the creator only. */
export function settingsTabs(access: AccessLike): SettingsTabId[] {
  const tabs: SettingsTabId[] = ['overview'];
  if (access.can(TeamPermission.MANAGE_ROLES)) tabs.push('roles');
  if (access.can(TeamPermission.VIEW_AUDIT_LOG)) tabs.push('auditLog');
  if (access.can(TeamPermission.BAN_MEMBERS)) tabs.push('bans');
  if (access.can(TeamPermission.MANAGE_TEAM)) tabs.push('emoji', 'invites');
  if (access.isOwner) tabs.push('delete');
  return tabs;
}

/** The team menu's settings entry: only for a member holding a bit that opens a tab beyond the overview (001 §2). */
export function canOpenSettings(access: AccessLike): boolean {
  if (!access.ready) return false;
  const { MANAGE_TEAM, MANAGE_ROLES, VIEW_AUDIT_LOG, BAN_MEMBERS } = TeamPermission;
  return access.isOwner || [MANAGE_TEAM, MANAGE_ROLES, VIEW_AUDIT_LOG, BAN_MEMBERS].some((bit) => access.can(bit));
}
