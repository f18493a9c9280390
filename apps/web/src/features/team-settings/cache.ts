import type { Ban } from '@rally/shared/api/moderation';
import type { Invite } from '@rally/shared/api/teams';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/**
 * The team settings tabs' own caches (the invites and bans lists); the team itself and its list
 * are written through features/teams/cache.ts.
 */

/** An invite deleted: out of the team's loaded invites. */
export function removeInvite(qc: QueryClient, teamId: string, code: string): void {
  qc.setQueryData<Invite[]>(queryKeys.teamInvites(teamId), (old) => old?.filter((i) => i.code !== code));
}

/** A ban lifted: out of the team's loaded bans. */
export function removeBan(qc: QueryClient, teamId: string, userId: string): void {
  qc.setQueryData<Ban[]>(queryKeys.teamBans(teamId), (old) => old?.filter((b) => b.user.id !== userId));
}

/** Every change is written to the audit log: the loaded page is stale after any settings write. */
export function invalidateAuditLog(qc: QueryClient, teamId: string): void {
  void qc.invalidateQueries({ queryKey: queryKeys.teamAuditLog(teamId) });
}
