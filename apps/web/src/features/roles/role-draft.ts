import type { RoleEdit } from '@rally/shared/api/roles';
import type { Role } from '@rally/shared/api/teams';

/**
 * The role editor's values for one role (what the inputs show), and the edit they make of the role:
 * only the fields that differ from the role as saved. Every role's draft is held until the
 * save-changes bar sends them all at once (spec 001 §2 role editing); switching roles keeps them.
 */
export interface RoleValues {
  name: string;
  /** `#rrggbb` (a role without a colour shows white, the default). */
  color: string;
  /** The gradient's second colour, or null for a solid colour. */
  color2: string | null;
  /** A unicode emoji, '' for none. */
  iconEmojiId: string;
  isDisplayedSeparately: boolean;
  mentionable: boolean;
  isSelfAssignable: boolean;
  /** '' for none. */
  description: string;
  permissions: number;
}

/** Role id → its edited values (roles not edited have no entry). */
export type RoleDrafts = Readonly<Record<string, RoleValues>>;

/** White: the colour of a new role and of one without a colour. */
export const DEFAULT_ROLE_COLOR = '#ffffff';

/** The editor's values for a role as saved. */
export function valuesOf(role: Role): RoleValues {
  return {
    name: role.name,
    color: (role.color ?? DEFAULT_ROLE_COLOR).toLowerCase(),
    color2: role.color2?.toLowerCase() ?? null,
    iconEmojiId: role.iconEmojiId ?? '',
    isDisplayedSeparately: role.isDisplayedSeparately,
    mentionable: role.mentionable,
    isSelfAssignable: role.isSelfAssignable,
    description: role.description ?? '',
    permissions: role.permissions,
  };
}

/** The values of a role: its draft, or the role as saved. */
export function currentValues(role: Role, drafts: RoleDrafts): RoleValues {
  return drafts[role.id] ?? valuesOf(role);
}

const emptyToNull = (value: string): string | null => (value.trim() === '' ? null : value);

/** What the values change on the role (the fields of PATCH roles), or null when they change nothing. */
export function editOf(role: Role, values: RoleValues): RoleEdit | null {
  const saved = valuesOf(role);
  const edit: RoleEdit = { id: role.id };
  let changed = false;
  const put = <K extends keyof RoleEdit>(key: K, value: RoleEdit[K]) => {
    edit[key] = value;
    changed = true;
  };
  if (values.name !== saved.name) put('name', values.name);
  if (values.color.toLowerCase() !== saved.color) put('color', values.color.toLowerCase());
  if ((values.color2?.toLowerCase() ?? null) !== saved.color2) put('color2', values.color2?.toLowerCase() ?? null);
  if (emptyToNull(values.iconEmojiId) !== emptyToNull(saved.iconEmojiId)) put('iconEmojiId', emptyToNull(values.iconEmojiId));
  if (values.isDisplayedSeparately !== saved.isDisplayedSeparately) put('isDisplayedSeparately', values.isDisplayedSeparately);
  if (values.mentionable !== saved.mentionable) put('mentionable', values.mentionable);
  if (values.isSelfAssignable !== saved.isSelfAssignable) put('isSelfAssignable', values.isSelfAssignable);
  if (emptyToNull(values.description) !== emptyToNull(saved.description)) put('description', emptyToNull(values.description));
  if (values.permissions !== saved.permissions) put('permissions', values.permissions);
  return changed ? edit : null;
}

/** Every edited role's changes, in the roles' order (roles no longer there, and drafts equal to the saved role, are left out). */
export function editsOf(roles: readonly Role[], drafts: RoleDrafts): RoleEdit[] {
  const edits: RoleEdit[] = [];
  for (const role of roles) {
    const values = drafts[role.id];
    const edit = values && editOf(role, values);
    if (edit) edits.push(edit);
  }
  return edits;
}

/** The form field of one role's value, for errors ("<roleId>/name"). */
export const fieldOf = (roleId: string, key: string): string => `${roleId}/${key}`;

/** Ids of the roles whose draft changes something. */
export function editedRoleIds(roles: readonly Role[], drafts: RoleDrafts): Set<string> {
  return new Set(editsOf(roles, drafts).map((e) => e.id));
}

/** The role's flags that the default role and bot roles cannot switch (spec 001 §6). */
export function flagsLocked(role: Pick<Role, 'id' | 'teamId' | 'botUserId'>): boolean {
  return role.id === role.teamId || role.botUserId !== null;
}

/** Switch one permission bit in a mask. */
export function withBit(mask: number, bit: number, on: boolean): number {
  return on ? mask | bit : mask & ~bit;
}
