import type { FastifyInstance } from 'fastify';
import {
  addMemberRoleEndpoint,
  cloneRoleEndpoint,
  createRoleEndpoint,
  deleteRoleEndpoint,
  listRolesEndpoint,
  removeMemberRoleEndpoint,
  reorderRolesEndpoint,
  updateRolesEndpoint,
} from '@rally/shared/api/roles';
import { translateError } from '@rally/shared/i18n/errors';
import { addEndpoint } from '../../http/endpoint';
import { requestLocale } from '../../http/locale';
import { cloneRole, createRole, deleteRole, listRoles, reorderRoles, setMemberRole, updateRoles } from './service';

export async function roleRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, listRolesEndpoint, async ({ deps, access }) => ({ success: true as const, roles: await listRoles(deps.db, access) }));

  addEndpoint(app, createRoleEndpoint, async ({ deps, access }) => ({ success: true as const, role: await createRole(deps, access) }));

  addEndpoint(app, updateRolesEndpoint, async ({ deps, access, body }) => ({ success: true as const, roles: await updateRoles(deps, access, body) }));

  addEndpoint(app, reorderRolesEndpoint, async ({ deps, access, body }) => ({ success: true as const, roles: await reorderRoles(deps, access, body) }));

  addEndpoint(app, deleteRoleEndpoint, async ({ deps, access, params }) => {
    await deleteRole(deps, access, params.roleId);
    return { success: true as const };
  });

  addEndpoint(app, cloneRoleEndpoint, async ({ deps, access, params }) => ({ success: true as const, role: await cloneRole(deps, access, params.roleId) }));

  addEndpoint(app, addMemberRoleEndpoint, async ({ deps, access, params }) => {
    await setMemberRole(deps, access, { userId: params.userId, roleId: params.roleId, add: true });
    return { success: true as const };
  });

  addEndpoint(app, removeMemberRoleEndpoint, async ({ deps, access, params, request }) => {
    await setMemberRole(deps, access, { userId: params.userId, roleId: params.roleId, add: false });
    return { success: true as const, message: translateError('role_removed', requestLocale(request)) };
  });
}
