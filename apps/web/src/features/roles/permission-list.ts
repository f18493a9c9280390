import { TeamPermission, type TeamPermissionName } from '@rally/shared/permissions';

/** The team permission bits 0–13 in the order the editor lists them (spec 001 §3), each with its i18n key (roles:permissions.<name>). */
export const ROLE_PERMISSIONS: readonly { name: TeamPermissionName; bit: number }[] = (Object.keys(TeamPermission) as TeamPermissionName[])
  .map((name) => ({ name, bit: TeamPermission[name] }))
  .sort((a, b) => a.bit - b.bit);
