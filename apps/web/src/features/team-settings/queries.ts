import { LIMITS } from '@rally/shared/limits';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The team's invites, newest first (the invites tab; MANAGE_TEAM). Cache shape: Invite[]. */
export function useTeamInvites(teamId: string) {
  return useQuery({
    queryKey: queryKeys.teamInvites(teamId),
    queryFn: async ({ signal }) => (await call('listInvites', { params: { teamId } }, { signal })).invites,
  });
}

/** The team's bans, newest first, at most 1000 (the bans tab; BAN_MEMBERS). Cache shape: Ban[]. */
export function useTeamBans(teamId: string) {
  return useQuery({
    queryKey: queryKeys.teamBans(teamId),
    queryFn: async ({ signal }) => (await call('listBans', { params: { teamId }, query: { limit: LIMITS.bansPage } }, { signal })).bans,
  });
}

/** The latest page of the team's audit log (50 entries) with the users it names (VIEW_AUDIT_LOG). */
export function useTeamAuditLog(teamId: string) {
  return useQuery({
    queryKey: queryKeys.teamAuditLog(teamId),
    queryFn: async ({ signal }) => {
      const { auditLogs, users } = await call('listAuditLogs', { params: { teamId }, query: { limit: LIMITS.auditLogPage } }, { signal });
      return { entries: auditLogs, users };
    },
  });
}
