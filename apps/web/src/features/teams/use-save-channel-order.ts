import { useReorderCategories, useReorderChannels, useMoveChannel } from './mutations';
import type { ChannelDrop } from './channel-order';

/**
 * Saves what a drag in the channel list changed, through the optimistic hooks of mutations.ts (each
 * shows the new order at once and puts the old one back if the server refuses): the categories'
 * order, a list's channel order, or a channel moved to another list, then that list's order.
 * Each resolves when the server has answered, and rejects on a refusal.
 */
export function useSaveChannelOrder(teamId: string) {
  const reorderCategories = useReorderCategories(teamId);
  const reorderChannels = useReorderChannels(teamId);
  const moveChannel = useMoveChannel(teamId);
  return {
    categories: (ids: string[]) => reorderCategories.mutateAsync(ids),
    channel: async (drop: Exclude<ChannelDrop, { kind: 'none' }>) => {
      if (drop.kind === 'move') await moveChannel.mutateAsync({ channelId: drop.channelId, categoryId: drop.categoryId, priority: drop.priority });
      if (drop.kind === 'reorder' || drop.order.channels.length > 1) await reorderChannels.mutateAsync(drop.order);
    },
  };
}
