import { roleEditSchema, updateRolesRequestSchema, type RoleEdit } from '@rally/shared/api/roles';
import type { Role } from '@rally/shared/api/teams';
import { z } from 'zod';
import { isSingleEmoji } from './icon-emoji';
import { editsOf, fieldOf, type RoleDrafts } from './role-draft';

/**
 * The roles tab's form (useZodForm): its values are the drafts of every edited role, checked as the
 * PATCH roles request they become (updateRolesRequestSchema, each edit by roleEditSchema). An
 * issue of one role's field is reported under "<roleId>/<field>", so the editor shows it under that
 * role's input and the list marks the role. Nothing edited is invalid too (nothing to save). The
 * form's own rule: a new icon is one emoji (the server takes a custom emoji's id as well).
 */
export function rolesForm(roles: readonly Role[]): z.ZodType<RoleEdit[], RoleDrafts> {
  return z.custom<RoleDrafts>().transform((drafts, ctx) => {
    const edits = editsOf(roles, drafts);
    let valid = true;
    for (const edit of edits) {
      const parsed = roleEditSchema.safeParse(edit);
      if (typeof edit.iconEmojiId === 'string' && !isSingleEmoji(edit.iconEmojiId)) {
        valid = false;
        ctx.issues.push({ code: 'custom', path: [fieldOf(edit.id, 'iconEmojiId')], message: 'roles:editor.iconInvalid', input: drafts });
      }
      if (parsed.success) continue;
      valid = false;
      for (const issue of parsed.error.issues)
        ctx.issues.push({ code: 'custom', path: [fieldOf(edit.id, String(issue.path[0] ?? ''))], message: issue.message, input: drafts });
    }
    if (!valid) return z.NEVER;
    const request = updateRolesRequestSchema.safeParse(edits);
    if (!request.success) {
      for (const issue of request.error.issues) ctx.issues.push({ code: 'custom', path: [], message: issue.message, input: drafts });
      return z.NEVER;
    }
    return request.data;
  });
}

/** Role ids with a field error among the form's errors. */
export function rolesWithErrors(errors: Readonly<Record<string, string>>): Set<string> {
  const ids = new Set<string>();
  for (const field of Object.keys(errors)) {
    const slash = field.indexOf('/');
    if (slash > 0) ids.add(field.slice(0, slash));
  }
  return ids;
}
