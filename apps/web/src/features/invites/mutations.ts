import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { upsertTeamInList } from '../teams/cache';
import { markInviteJoined } from './cache';
import { inviteRequest, type InviteOptions } from './invite-form';

/** A new invite to the team with these options (the invite dialog makes one on opening and on every change). */
export function useCreateInvite(teamId: string) {
  return useMutation({
    mutationFn: async (options: InviteOptions) => (await call('createInvite', { body: inviteRequest(teamId, options) })).invite,
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
      upsertTeamInList(qc, r.team);
      markInviteJoined(qc, code);
    },
  });
}
