import type { UpdateTeamRequest } from '@rally/shared/api/team-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { removeTeamFromList, upsertTeamInList } from '../teams/cache';
import { invalidateAuditLog, removeBan, removeInvite } from './cache';

/** Save the overview tab (name, description, picture, banner, safe for teen): the team list takes the answer (TEAM_UPDATED also arrives live). */
export function useUpdateTeam(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateTeamRequest) => (await call('updateTeam', { params: { teamId }, body })).team,
    onSuccess: (team) => {
      upsertTeamInList(qc, team);
      invalidateAuditLog(qc, teamId);
    },
  });
}

/** Give the team to another member (its creator only). */
export function useChangeOwner(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (owner: string) => (await call('changeOwner', { params: { teamId }, body: { owner } })).team,
    onSuccess: (team) => {
      upsertTeamInList(qc, team);
      invalidateAuditLog(qc, teamId);
    },
  });
}

/** Delete the team (its creator, typing its exact name): it leaves the team list at once. */
export function useDeleteTeam(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; name: string }) => call('deleteTeam', { body }),
    onSuccess: () => removeTeamFromList(qc, teamId),
  });
}

/** Leave the team (anyone but its creator): it leaves the team list at once. */
export function useLeaveTeam(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('leaveTeam', { body: { id: teamId } }),
    onSuccess: () => removeTeamFromList(qc, teamId),
  });
}

/** Delete one of the team's invites. */
export function useDeleteInvite(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call('deleteInvite', { params: { teamId, code } }),
    onSuccess: (_r, code) => removeInvite(qc, teamId, code),
  });
}

/** Lift a ban. */
export function useUnban(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call('unbanMember', { params: { teamId, userId } }),
    onSuccess: (_r, userId) => {
      removeBan(qc, teamId, userId);
      invalidateAuditLog(qc, teamId);
    },
  });
}
