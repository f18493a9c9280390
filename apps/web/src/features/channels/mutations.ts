import type { CreateChannelRequest, OverwriteRequest, UpdateChannelRequest } from '@rally/shared/api/channels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { removeCategory, removeChannel, upsertCategory, upsertChannel } from '../teams/cache';
import type { OverwriteTarget } from './permission-states';

/**
 * Channel and category writes. Each answer goes into the team's channel cache at once (the
 * CHANNEL_* / CATEGORY_* events that follow write the same entity again, changing nothing).
 */

export function useCreateChannel(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateChannelRequest) => (await call('createChannel', { params: { teamId }, body })).channel,
    onSuccess: (channel) => upsertChannel(qc, channel),
  });
}

export function useCreateCategory(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string }) => (await call('createCategory', { params: { teamId }, body })).category,
    onSuccess: (category) => upsertCategory(qc, category),
  });
}

export function useUpdateChannel(teamId: string, channelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateChannelRequest) => (await call('updateChannel', { params: { teamId, channelId }, body })).channel,
    onSuccess: (channel) => upsertChannel(qc, channel),
  });
}

export function useUpdateCategory(teamId: string, categoryId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string }) => (await call('updateCategory', { params: { teamId, categoryId }, body })).category,
    onSuccess: (category) => upsertCategory(qc, category),
  });
}

/** Delete a channel: out of the list at once (TeamPage then opens the team's default channel if it was open). */
export function useDeleteChannel(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (channelId: string) => {
      await call('deleteChannel', { params: { teamId, channelId } });
      return channelId;
    },
    onSuccess: (channelId) => removeChannel(qc, teamId, channelId),
  });
}

/** Delete a category: its channels stay, listed without a category (their CHANNEL_UPDATED events follow). */
export function useDeleteCategory(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (categoryId: string) => {
      await call('deleteCategory', { params: { teamId, categoryId } });
      return categoryId;
    },
    onSuccess: (categoryId) => removeCategory(qc, teamId, categoryId),
  });
}

/** Copy a channel (settings and overwrites, no messages) into the same category. */
export function useCloneChannel(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (channelId: string) => (await call('cloneChannel', { params: { teamId, channelId } })).channel,
    onSuccess: (channel) => upsertChannel(qc, channel),
  });
}

export interface SetOverwriteInput {
  target: OverwriteTarget;
  overwrite: OverwriteRequest;
}

/**
 * Set one target's overwrite on a channel or a category (allow and deny both 0 remove it). The
 * editor saves each changed target with one call.
 */
export function useSetOverwrite(teamId: string, scope: { kind: 'channel' | 'category'; id: string }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ target, overwrite }: SetOverwriteInput) => {
      const targetParams = { targetKind: target.kind, targetId: target.id };
      if (scope.kind === 'category') {
        const { category } = await call('setCategoryOverwrite', { params: { teamId, categoryId: scope.id, ...targetParams }, body: overwrite });
        upsertCategory(qc, category);
        return;
      }
      const { channel } = await call('setChannelOverwrite', { params: { teamId, channelId: scope.id, ...targetParams }, body: overwrite });
      upsertChannel(qc, channel);
    },
  });
}
