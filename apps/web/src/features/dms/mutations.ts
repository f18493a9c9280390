import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { removeDm, upsertDm } from './cache';

/** Open the chat with these people (the existing one for one person), which the list then holds. */
export function useOpenDm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (userIds: readonly string[]) => (await call('createDm', { body: { users: userIds.map((id) => ({ id })) } })).dm,
    onSuccess: (dm) => upsertDm(qc, dm),
  });
}

/** Hide a chat from the list (a new message in it shows it again). */
export function useHideDm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (channelId: string) => call('hideDm', { params: { channelId }, body: { hidden: true } }),
    onSuccess: (_r, channelId) => removeDm(qc, channelId),
  });
}
