import type { Team } from '@rally/shared/api/teams';
import { INVITE_EXPIRY_MS } from '@rally/shared/api/teams';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, call, type CallResult } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const FIVE_MINUTES = 5 * 60_000;

/** Max uses offered in the invite dialog (null: unlimited), spec 001 §9. */
export const MAX_USES_OPTIONS = [null, 50, 100, 200, 500, 1000] as const;
export type MaxUses = (typeof MAX_USES_OPTIONS)[number];
/** Expiry choices offered in the invite dialog, spec 001 §9 (30m and 1d are only mapped). */
export const EXPIRY_OPTIONS = ['never', '1h', '6h', '12h', '7d', '30d'] as const;
export type Expiry = (typeof EXPIRY_OPTIONS)[number];

export type CreatedInvite = CallResult<'createInvite'>['invite'];

export async function createInvite(teamId: string, maxUses: MaxUses, expiry: Expiry, now = Date.now()): Promise<CreatedInvite> {
  const ms = INVITE_EXPIRY_MS[expiry];
  const r = await call('createInvite', {
    body: { teamId, maxUses, expiresAt: ms === null ? null : new Date(now + ms).toISOString(), applicationEnabled: false, type: 'team' },
  });
  return r.invite;
}

/** An invite's public details (works signed out); `isMember` tells a signed-in viewer whether they are in already. */
export function useInvite(code: string) {
  return useQuery({
    queryKey: queryKeys.invite(code),
    queryFn: ({ signal }) => call('lookupInvite', { params: { code }, query: { user: 'true' } }, { signal }),
    enabled: code.length > 0,
    staleTime: FIVE_MINUTES,
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
  });
}

/**
 * Join through the invite: the team goes into the team list at once and the invite reads as joined
 * (the live event may follow).
 */
export function useJoinInvite(code: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('joinInvite', { params: { code } }),
    onSuccess: (r) => {
      seedJoinedTeam(qc, r.team);
      qc.setQueryData<CallResult<'lookupInvite'>>(queryKeys.invite(code), (old) => (old ? { ...old, isMember: true } : old));
    },
  });
}

/** The server's answer when the visitor is a member already (they just go to the team). */
export function isAlreadyMember(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'invite_already_member';
}

/** After joining: the team goes into the team list at once (the live event may follow). */
export function seedJoinedTeam(qc: QueryClient, team: Team): void {
  qc.setQueryData<Team[]>(queryKeys.teams, (old) => (old ? (old.some((t) => t.id === team.id) ? old.map((t) => (t.id === team.id ? team : t)) : [...old, team]) : old));
  void qc.invalidateQueries({ queryKey: queryKeys.teams, refetchType: 'none' });
}
