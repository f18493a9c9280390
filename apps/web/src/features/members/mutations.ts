import type { BanRequest } from '@rally/shared/api/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { addRoleToMember, removeMember, removeRoleFromMember, updateTeamInList } from '../teams/cache';

interface MemberRoleVars {
  teamId: string;
  userId: string;
  roleId: string;
}

/** Give a member a role; the member's roles in the members cache follow (USER_ROLE_ADDED brings the same, live, to everyone). */
export function useAddMemberRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ teamId, userId, roleId }: MemberRoleVars) => call('addMemberRole', { params: { teamId, userId, roleId } }),
    onSuccess: (_data, { teamId, userId, roleId }) => addRoleToMember(qc, teamId, userId, roleId),
  });
}

/** Take a role from a member (USER_ROLE_REMOVED brings the same live). */
export function useRemoveMemberRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ teamId, userId, roleId }: MemberRoleVars) => call('removeMemberRole', { params: { teamId, userId, roleId } }),
    onSuccess: (_data, { teamId, userId, roleId }) => removeRoleFromMember(qc, teamId, userId, roleId),
  });
}

/** The member is out of the team: out of its member list, one fewer in its count (USER_LEFT_TEAM may have done it first). */
function memberGone(qc: ReturnType<typeof useQueryClient>, teamId: string, userId: string) {
  if (removeMember(qc, teamId, userId)) updateTeamInList(qc, teamId, (t) => ({ ...t, memberCount: Math.max(0, t.memberCount - 1) }));
}

/** Kick a member. */
export function useKickMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ teamId, userId }: { teamId: string; userId: string }) => call('kickMember', { params: { teamId, userId } }),
    onSuccess: (_data, { teamId, userId }) => memberGone(qc, teamId, userId),
  });
}

/** Ban a member, with an optional reason. */
export function useBanMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ teamId, userId, body }: { teamId: string; userId: string; body: BanRequest }) =>
      call('banMember', { params: { teamId, userId }, body }),
    onSuccess: (_data, { teamId, userId }) => memberGone(qc, teamId, userId),
  });
}
