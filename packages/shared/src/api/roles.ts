import { z } from 'zod';
import { LIMITS } from '../limits';
import { snowflakeSchema } from './common';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { nameText, text } from './text';
import { roleSchema } from './teams';

/** A colour as the role editor writes it (a preset or the picker): `#rrggbb`. */
export const roleColorSchema = z.string().regex(/^#[0-9a-f]{6}$/i, 'role_color_invalid');

export const roleNameSchema = nameText({ max: LIMITS.roleName.max * 4, error: 'role_name_required', tooLong: 'role_name_too_long' })
  .min(1, 'role_name_required')
  .max(LIMITS.roleName.max, 'role_name_too_long');

/**
 * One role's edit (the save-changes bar sends every edited role): the fields it changes, absent ones
 * kept. `color2` null makes the colour solid, a colour makes it a gradient. Priority changes only
 * through the reorder endpoint.
 */
export const roleEditSchema = z.object({
  id: snowflakeSchema,
  name: roleNameSchema.optional(),
  color: roleColorSchema.nullable().optional(),
  color2: roleColorSchema.nullable().optional(),
  /** A unicode emoji or a custom emoji's id. */
  iconEmojiId: text({ max: LIMITS.roleIcon.max }).nullable().optional(),
  isDisplayedSeparately: z.boolean().optional(),
  mentionable: z.boolean().optional(),
  isSelfAssignable: z.boolean().optional(),
  description: text({ max: LIMITS.roleDescription.max, tooLong: 'role_description_too_long', multiline: true }).nullable().optional(),
  /** The team permission mask (bits 0–13). */
  permissions: z.number().int().min(0).max(0x3fff).optional(),
});
export type RoleEdit = z.input<typeof roleEditSchema>;

/** PATCH roles: the list of edited roles (each id once). */
export const updateRolesRequestSchema = z
  .array(roleEditSchema)
  .min(1)
  .max(LIMITS.rolesPerTeam)
  .refine((edits) => new Set(edits.map((e) => e.id)).size === edits.length, 'invalid_request');

/** PATCH roles-priority: every role of the team but the default one, highest first. */
export const reorderRolesRequestSchema = z
  .array(snowflakeSchema)
  .max(LIMITS.rolesPerTeam)
  .refine((ids) => new Set(ids).size === ids.length, 'role_order_invalid');

const teamParamsSchema = z.object({ teamId: snowflakeSchema });
const roleParamsSchema = z.object({ teamId: snowflakeSchema, roleId: snowflakeSchema });
const memberRoleParamsSchema = z.object({ teamId: snowflakeSchema, userId: snowflakeSchema, roleId: snowflakeSchema });

const rolesResponseSchema = z.object({ success: z.literal(true), roles: z.array(roleSchema) });
const roleResponseSchema = z.object({ success: z.literal(true), role: roleSchema });
const successSchema = z.object({ success: z.literal(true) });

export const listRolesEndpoint = defineEndpoint({
  ...ROUTES.listRoles,
  summary: "The team's roles, highest priority first (the default role, id = team id, last)",
  permission: { team: 'member' },
  params: teamParamsSchema,
  response: rolesResponseSchema,
});

export const createRoleEndpoint = defineEndpoint({
  ...ROUTES.createRole,
  userRateLimit: 'teamSettings',
  summary: 'Create a role (empty body): white, no permissions, just above the default role',
  permission: { team: 'MANAGE_ROLES' },
  params: teamParamsSchema,
  response: roleResponseSchema,
  status: 201,
});

export const updateRolesEndpoint = defineEndpoint({
  ...ROUTES.updateRoles,
  userRateLimit: 'teamSettings',
  summary: 'Edit roles below the caller (name, colours, icon, flags, description, permissions held by the caller); answers every role',
  permission: { team: 'MANAGE_ROLES' },
  params: teamParamsSchema,
  body: updateRolesRequestSchema,
  response: rolesResponseSchema,
  bodyLimit: BODY_LIMIT.DEFAULT,
});

export const reorderRolesEndpoint = defineEndpoint({
  ...ROUTES.reorderRoles,
  userRateLimit: 'teamSettings',
  summary: 'Reorder the roles (every role id but the default role, highest first); only roles below the caller move',
  permission: { team: 'MANAGE_ROLES' },
  params: teamParamsSchema,
  body: reorderRolesRequestSchema,
  response: rolesResponseSchema,
  bodyLimit: BODY_LIMIT.DEFAULT,
});

export const deleteRoleEndpoint = defineEndpoint({
  ...ROUTES.deleteRole,
  userRateLimit: 'teamSettings',
  summary: 'Delete a role below the caller (not the default role), taking it from every member and channel',
  permission: { team: 'MANAGE_ROLES' },
  params: roleParamsSchema,
  response: successSchema,
});

export const cloneRoleEndpoint = defineEndpoint({
  ...ROUTES.cloneRole,
  userRateLimit: 'teamSettings',
  summary: 'Copy a role below the caller (its permissions held by the caller) just below it, without its members',
  permission: { team: 'MANAGE_ROLES' },
  params: roleParamsSchema,
  response: roleResponseSchema,
  status: 201,
});

export const addMemberRoleEndpoint = defineEndpoint({
  ...ROUTES.addMemberRole,
  userRateLimit: 'teamSettings',
  summary: 'Give a member a role: with MANAGE_ROLES a role below the caller to a member below them; anyone a self-assignable role to themself',
  permission: { team: 'member' },
  params: memberRoleParamsSchema,
  response: successSchema,
});

export const removeMemberRoleEndpoint = defineEndpoint({
  ...ROUTES.removeMemberRole,
  userRateLimit: 'teamSettings',
  summary: 'Take a role from a member (the same rules as adding it)',
  permission: { team: 'member' },
  params: memberRoleParamsSchema,
  response: z.object({ success: z.literal(true), message: z.string() }),
});
