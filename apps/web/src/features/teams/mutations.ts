import type { Category, Channel, CreateTeamRequest, Team } from '@rally/shared/api/teams';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { setCategoryPlaces, setChannelPlaces, setTeamListOrder, upsertCategory, upsertChannel, upsertTeamInList, type ChannelPlace } from './cache';
import type { TeamChannelsData } from './channel-queries';

/** Create a team: it goes into the team list at once (the live event may have put it there first). */
export function useCreateTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTeamRequest) => (await call('createTeam', { body })).createdTeam,
    onSuccess: (team) => upsertTeamInList(qc, team),
  });
}

/**
 * Order the user's team list (the team icons): the list takes the new order at once, and the order it
 * had comes back if the server refuses (the caller shows the error).
 */
export function useReorderTeams() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => call('reorderTeams', { body: ids }),
    onMutate: async (ids) => {
      await qc.cancelQueries({ queryKey: queryKeys.teams });
      const previous = qc.getQueryData<Team[]>(queryKeys.teams)?.map((t) => t.id);
      setTeamListOrder(qc, ids);
      return { previous };
    },
    // Back to the order it had (a team joined meanwhile stays in the list).
    onError: (_err, _ids, context) => {
      if (context?.previous) setTeamListOrder(qc, context.previous);
    },
  });
}

// ——— channel and category order (drag-and-drop in the channel list) ———
// Each hook is its options built by a function of the query client (tested with a MutationObserver).

const loadedChannels = (qc: QueryClient, teamId: string) => qc.getQueryData<TeamChannelsData>(queryKeys.teamChannels(teamId));

/** The places the entries named by `ids` have now, to put back if the server refuses. */
function placesOf<T extends { id: string; priority: number; parentId?: string | null }>(
  list: readonly T[] | undefined,
  ids: readonly string[],
): ChannelPlace[] {
  const wanted = new Set(ids);
  return (list ?? []).filter((x) => wanted.has(x.id)).map((x) => ({ id: x.id, priority: x.priority, parentId: x.parentId ?? null }));
}

/** useReorderCategories' options. */
export function reorderCategoriesOptions(qc: QueryClient, teamId: string) {
  return {
    mutationFn: async (ids: string[]) => (await call('reorderCategories', { params: { teamId }, body: { categories: ids } })).categories,
    onMutate: async (ids: string[]) => {
      await qc.cancelQueries({ queryKey: queryKeys.teamChannels(teamId) });
      const previous = placesOf(loadedChannels(qc, teamId)?.categories, ids);
      setCategoryPlaces(
        qc,
        teamId,
        ids.map((id, priority) => ({ id, priority })),
      );
      return { previous };
    },
    onError: (_err: unknown, _ids: string[], context: { previous: ChannelPlace[] } | undefined) => {
      if (context) setCategoryPlaces(qc, teamId, context.previous);
    },
    onSuccess: (categories: Category[]) => {
      for (const category of categories) upsertCategory(qc, category);
    },
  };
}

/**
 * Order the team's categories: `ids` names every category the user sees, first to last. The list
 * takes the new order at once; the order it had comes back if the server refuses (the caller shows
 * the error), and the server's answer is written when it comes.
 */
export function useReorderCategories(teamId: string) {
  return useMutation(reorderCategoriesOptions(useQueryClient(), teamId));
}

/** A list's new order: the channels of a category (`categoryId`) or the uncategorised ones (null), with their priorities. */
export interface ChannelOrder {
  categoryId: string | null;
  channels: { id: string; priority: number }[];
}

/** useReorderChannels' options. */
export function reorderChannelsOptions(qc: QueryClient, teamId: string) {
  return {
    mutationFn: async ({ categoryId, channels }: ChannelOrder) =>
      (categoryId === null
        ? await call('reorderUncategorisedChannels', { params: { teamId }, body: { channels } })
        : await call('reorderCategoryChannels', { params: { teamId, categoryId }, body: { channels } })
      ).channels,
    onMutate: async ({ categoryId, channels }: ChannelOrder) => {
      await qc.cancelQueries({ queryKey: queryKeys.teamChannels(teamId) });
      const previous = placesOf(
        loadedChannels(qc, teamId)?.channels,
        channels.map((c) => c.id),
      );
      setChannelPlaces(
        qc,
        teamId,
        channels.map((c) => ({ ...c, parentId: categoryId })),
      );
      return { previous };
    },
    onError: (_err: unknown, _order: ChannelOrder, context: { previous: ChannelPlace[] } | undefined) => {
      if (context) setChannelPlaces(qc, teamId, context.previous);
    },
    onSuccess: (channels: Channel[]) => {
      for (const channel of channels) upsertChannel(qc, channel);
    },
  };
}

/**
 * Set the places of channels in one list (a category's, or the uncategorised ones). Optimistic as
 * useReorderCategories: the channels take their places at once and get their old ones back on a
 * refusal; the server's answer (that list in order) is written when it comes.
 */
export function useReorderChannels(teamId: string) {
  return useMutation(reorderChannelsOptions(useQueryClient(), teamId));
}

/** A channel's move: into a category (`categoryId`) or out of its category (null), at `priority` or after the channels there. */
export interface ChannelMove {
  channelId: string;
  categoryId: string | null;
  priority?: number;
}

/**
 * The channel as it was before each move, by the move's variables (TanStack Query hands onMutate
 * and mutationFn the same object): onMutate runs first and has moved it in the cache already, so
 * mutationFn reads here which category it is taken out of.
 */
const movedFrom = new WeakMap<ChannelMove, Channel>();

/** useMoveChannel's options. */
export function moveChannelOptions(qc: QueryClient, teamId: string) {
  return {
    mutationFn: async (move: ChannelMove): Promise<Channel | undefined> => {
      const { channelId, categoryId, priority } = move;
      const body = priority === undefined ? {} : { priority };
      if (categoryId !== null) return (await call('addChannelToCategory', { params: { teamId, categoryId, channelId }, body })).channel;
      const from = movedFrom.get(move)?.parentId ?? null;
      if (from !== null) return (await call('removeChannelFromCategory', { params: { teamId, categoryId: from, channelId }, body })).channel;
      if (priority === undefined) return movedFrom.get(move);
      const { channels } = await call('reorderUncategorisedChannels', { params: { teamId }, body: { channels: [{ id: channelId, priority }] } });
      return channels.find((c) => c.id === channelId);
    },
    onMutate: async (move: ChannelMove) => {
      await qc.cancelQueries({ queryKey: queryKeys.teamChannels(teamId) });
      const channels = loadedChannels(qc, teamId)?.channels ?? [];
      const channel = channels.find((c) => c.id === move.channelId);
      if (!channel) return { previous: undefined };
      movedFrom.set(move, channel);
      const siblings = channels.filter((c) => c.parentId === move.categoryId && c.id !== channel.id);
      const after = siblings.reduce((top, c) => Math.max(top, c.priority), -1) + 1;
      const priority = move.priority ?? (channel.parentId === move.categoryId ? channel.priority : after);
      setChannelPlaces(qc, teamId, [{ id: channel.id, parentId: move.categoryId, priority }]);
      return { previous: channel };
    },
    onError: (_err: unknown, _move: ChannelMove, context: { previous: Channel | undefined } | undefined) => {
      if (context?.previous) upsertChannel(qc, context.previous);
    },
    onSuccess: (channel: Channel | undefined) => {
      if (channel) upsertChannel(qc, channel);
    },
  };
}

/**
 * Move a channel into a category or out of the one it is in. The channel shows in its new place at
 * once (after the channels there when no priority is given; the server's answer then sets the exact
 * place) and goes back where it was if the server refuses. Taking it out calls the DELETE of the
 * category it was in before the move; a channel already uncategorised is only given its priority.
 */
export function useMoveChannel(teamId: string) {
  return useMutation(moveChannelOptions(useQueryClient(), teamId));
}
