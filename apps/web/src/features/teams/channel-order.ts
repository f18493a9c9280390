import type { Category, Channel } from '@rally/shared/api/teams';

/**
 * The pure side of drag-and-drop ordering in the channel list: the list as ordered ids, a drag applied
 * to it, and what to ask the server for once the drag ends. Priorities go up the list (0 first), as
 * the server sorts them; channels without a category come before the categories.
 */

/** The key of the list of channels without a category. */
export const UNCATEGORISED = '';

/** Categories in order, and each list's channels in order (key: category id, or UNCATEGORISED). */
export interface ChannelLayout {
  categories: string[];
  lists: Record<string, string[]>;
}

/** Ascending priority, then by id (snowflakes: shorter is older) so that equal priorities keep one order. */
export const byPriority = <T extends { priority: number; id: string }>(a: T, b: T): number =>
  a.priority - b.priority || a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The layout the sidebar shows: a channel whose category is unknown is listed without one. */
export function channelLayout(channels: readonly Channel[], categories: readonly Category[]): ChannelLayout {
  const sorted = [...categories].sort(byPriority);
  const lists: Record<string, string[]> = { [UNCATEGORISED]: [] };
  for (const category of sorted) lists[category.id] = [];
  for (const channel of [...channels].sort(byPriority)) {
    const key = channel.parentId !== null && channel.parentId in lists ? channel.parentId : UNCATEGORISED;
    (lists[key] ??= []).push(channel.id);
  }
  return { categories: sorted.map((c) => c.id), lists };
}

/** The list key that holds `channelId`, if any. */
export function listOf(layout: ChannelLayout, channelId: string): string | undefined {
  return Object.keys(layout.lists).find((key) => layout.lists[key]?.includes(channelId));
}

/** `ids` with the entry at `from` moved to `to`. */
export function moveIndex<T>(ids: readonly T[], from: number, to: number): T[] {
  const next = ids.slice();
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/** The layout with `channelId` taken out of its list and put in `list` at `index` (clamped; the end when omitted). */
export function moveChannel(layout: ChannelLayout, channelId: string, list: string, index?: number): ChannelLayout {
  const from = listOf(layout, channelId);
  if (from === undefined || !(list in layout.lists)) return layout;
  const lists = { ...layout.lists };
  const source = (lists[from] ?? []).filter((id) => id !== channelId);
  lists[from] = source;
  const target = from === list ? source.slice() : (lists[list] ?? []).slice();
  target.splice(Math.max(0, Math.min(index ?? target.length, target.length)), 0, channelId);
  lists[list] = target;
  const unchanged = from === list && target.every((id, i) => layout.lists[list]?.[i] === id);
  return unchanged ? layout : { ...layout, lists };
}

/** The layout with `categoryId` moved to `index` among the categories. */
export function moveCategory(layout: ChannelLayout, categoryId: string, index: number): ChannelLayout {
  const from = layout.categories.indexOf(categoryId);
  if (from === -1 || from === index) return layout;
  return { ...layout, categories: moveIndex(layout.categories, from, index) };
}

/** A list's channels with their new priorities (their places, from 0). */
export interface ChannelPriorities {
  categoryId: string | null;
  channels: { id: string; priority: number }[];
}

/** What a finished channel drag asks of the server: nothing, a new order within one list, or a move to another list (then that list's order). */
export type ChannelDrop =
  | { kind: 'none' }
  | { kind: 'reorder'; order: ChannelPriorities }
  | { kind: 'move'; channelId: string; categoryId: string | null; priority: number; order: ChannelPriorities };

const categoryIdOf = (list: string): string | null => (list === UNCATEGORISED ? null : list);

function priorities(layout: ChannelLayout, list: string): ChannelPriorities {
  return { categoryId: categoryIdOf(list), channels: (layout.lists[list] ?? []).map((id, priority) => ({ id, priority })) };
}

/** Compares where `channelId` was (`before`) with where the drag left it (`after`). */
export function channelDrop(before: ChannelLayout, after: ChannelLayout, channelId: string): ChannelDrop {
  const from = listOf(before, channelId);
  const to = listOf(after, channelId);
  if (from === undefined || to === undefined) return { kind: 'none' };
  const order = priorities(after, to);
  if (from !== to) {
    const priority = order.channels.findIndex((c) => c.id === channelId);
    return { kind: 'move', channelId, categoryId: categoryIdOf(to), priority, order };
  }
  const was = before.lists[from] ?? [];
  return order.channels.every((c, i) => was[i] === c.id) ? { kind: 'none' } : { kind: 'reorder', order };
}

/** The categories' new order after a category drag, or null when it did not change. */
export function categoryDrop(before: ChannelLayout, after: ChannelLayout): string[] | null {
  return after.categories.every((id, i) => before.categories[i] === id) ? null : after.categories;
}

/** The same order for ids (the team list after a drag), or null when nothing moved. */
export function reorderedIds(ids: readonly string[], activeId: string, overId: string): string[] | null {
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from === -1 || to === -1 || from === to) return null;
  return moveIndex(ids, from, to);
}
