import type { RoleEdit } from '@rally/shared/api/roles';
import type { Role } from '@rally/shared/api/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { removeRole, setTeamRoles, upsertRole } from '../teams/cache';
import { reorderBody, sortRoles } from './reorder';

/** Create a role (empty body): white, no permissions, just above the default role; it joins the cached roles (ROLE_CREATED may bring it first). */
export function useCreateRole(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call('createRole', { params: { teamId } })).role,
    onSuccess: (role) => upsertRole(qc, role),
  });
}

/** Copy a role just below it, without its members. */
export function useCloneRole(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (roleId: string) => (await call('cloneRole', { params: { teamId, roleId } })).role,
    // The copy moved the roles below it down: the list is loaded again (TEAM_ROLES_UPDATED may not come for a clone).
    onSuccess: async (role) => {
      upsertRole(qc, role);
      await qc.invalidateQueries({ queryKey: queryKeys.teamRoles(teamId), exact: true });
    },
  });
}

/** Save every edited role's changes at once (the save-changes bar); the answer is every role. */
export function useUpdateRoles(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (edits: RoleEdit[]) => (await call('updateRoles', { params: { teamId }, body: edits })).roles,
    onSuccess: (roles) => setTeamRoles(qc, teamId, sortRoles(roles)),
  });
}

/**
 * Reorder the roles, saved at once (spec 001 §2): the new order shows before the server answers
 * and goes back to the order before when it refuses (the caller shows its message).
 */
export function useReorderRoles(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ roles }: { roles: Role[]; previous: Role[] }) => (await call('reorderRoles', { params: { teamId }, body: reorderBody(roles) })).roles,
    onMutate: async ({ roles }) => {
      await qc.cancelQueries({ queryKey: queryKeys.teamRoles(teamId), exact: true });
      setTeamRoles(qc, teamId, roles);
    },
    onError: (_err, { previous }) => setTeamRoles(qc, teamId, previous),
    onSuccess: (roles) => setTeamRoles(qc, teamId, sortRoles(roles)),
  });
}

/** Delete a role: out of the cached roles and off every cached member. */
export function useDeleteRole(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (roleId: string) => {
      await call('deleteRole', { params: { teamId, roleId } });
      return roleId;
    },
    onSuccess: (roleId) => removeRole(qc, teamId, roleId),
  });
}
