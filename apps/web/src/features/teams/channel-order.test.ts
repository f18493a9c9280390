// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { UNCATEGORISED, categoryDrop, channelDrop, channelLayout, listOf, moveCategory, moveChannel, moveIndex, reorderedIds } from './channel-order';
import { category, channel } from './testing';

const T = 't1';
// Two categories (b before a by priority), three channels in a, one in b, two without a category, one whose category is unknown.
const layout = channelLayout(
  [
    channel('10', T, { parentId: 'a', priority: 2 }),
    channel('11', T, { parentId: 'a', priority: 0 }),
    channel('12', T, { parentId: 'a', priority: 1 }),
    channel('20', T, { parentId: 'b', priority: 0 }),
    channel('30', T, { parentId: null, priority: 5 }),
    channel('31', T, { parentId: null, priority: 5 }),
    channel('40', T, { parentId: 'gone', priority: 9 }),
  ],
  [category('a', T, { priority: 3 }), category('b', T, { priority: 1 })],
);

describe('channelLayout', () => {
  it('orders categories and each list by priority, ties by id, unknown categories as uncategorised', () => {
    expect(layout).toEqual({ categories: ['b', 'a'], lists: { [UNCATEGORISED]: ['30', '31', '40'], b: ['20'], a: ['11', '12', '10'] } });
    expect(listOf(layout, '12')).toBe('a');
    expect(listOf(layout, '40')).toBe(UNCATEGORISED);
    expect(listOf(layout, 'nope')).toBeUndefined();
  });

  it('keeps an empty category as an empty list', () => {
    expect(channelLayout([], [category('c', T)]).lists).toEqual({ [UNCATEGORISED]: [], c: [] });
  });
});

describe('moveIndex', () => {
  it('moves down, up, and clamps', () => {
    expect(moveIndex(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveIndex(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveIndex(['a', 'b'], 0, 9)).toEqual(['b', 'a']);
    expect(moveIndex(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});

describe('moveChannel and channelDrop', () => {
  it('reorders within a list: every channel of the list with its place as priority', () => {
    const after = moveChannel(layout, '10', 'a', 0);
    expect(after.lists.a).toEqual(['10', '11', '12']);
    expect(channelDrop(layout, after, '10')).toEqual({
      kind: 'reorder',
      order: {
        categoryId: 'a',
        channels: [
          { id: '10', priority: 0 },
          { id: '11', priority: 1 },
          { id: '12', priority: 2 },
        ],
      },
    });
  });

  it('reorders the uncategorised list with a null category', () => {
    const after = moveChannel(layout, '40', UNCATEGORISED, 0);
    const drop = channelDrop(layout, after, '40');
    expect(drop.kind === 'reorder' && drop.order).toEqual({
      categoryId: null,
      channels: [
        { id: '40', priority: 0 },
        { id: '30', priority: 1 },
        { id: '31', priority: 2 },
      ],
    });
  });

  it('moves to another category at a place, or at the end when none is given', () => {
    const after = moveChannel(layout, '11', 'b', 0);
    expect(after.lists).toEqual({ [UNCATEGORISED]: ['30', '31', '40'], b: ['11', '20'], a: ['12', '10'] });
    expect(channelDrop(layout, after, '11')).toEqual({
      kind: 'move',
      channelId: '11',
      categoryId: 'b',
      priority: 0,
      order: {
        categoryId: 'b',
        channels: [
          { id: '11', priority: 0 },
          { id: '20', priority: 1 },
        ],
      },
    });
    expect(moveChannel(layout, '11', 'b').lists.b).toEqual(['20', '11']);
  });

  it('moves out of a category to the uncategorised list (category null)', () => {
    const after = moveChannel(layout, '20', UNCATEGORISED, 1);
    expect(after.lists.b).toEqual([]);
    const drop = channelDrop(layout, after, '20');
    expect(drop).toMatchObject({ kind: 'move', channelId: '20', categoryId: null, priority: 1 });
  });

  it('a drop back where it was asks for nothing, and keeps the same layout object', () => {
    expect(moveChannel(layout, '12', 'a', 1)).toBe(layout);
    expect(channelDrop(layout, layout, '12')).toEqual({ kind: 'none' });
    // Moved away and back during one drag: no request.
    const back = moveChannel(moveChannel(layout, '12', 'b', 0), '12', 'a', 1);
    expect(channelDrop(layout, back, '12')).toEqual({ kind: 'none' });
  });

  it('ignores unknown channels and lists', () => {
    expect(moveChannel(layout, 'nope', 'a', 0)).toBe(layout);
    expect(moveChannel(layout, '10', 'nope', 0)).toBe(layout);
    expect(channelDrop(layout, layout, 'nope')).toEqual({ kind: 'none' });
  });

  it('does not change the layout it was given', () => {
    const copy = structuredClone(layout);
    moveChannel(layout, '10', 'b', 0);
    moveChannel(layout, '10', 'a', 0);
    expect(layout).toEqual(copy);
  });
});

describe('moveCategory and categoryDrop', () => {
  it('gives the new category order, or null when unchanged', () => {
    const after = moveCategory(layout, 'a', 0);
    expect(after.categories).toEqual(['a', 'b']);
    expect(categoryDrop(layout, after)).toEqual(['a', 'b']);
    expect(moveCategory(layout, 'b', 0)).toBe(layout);
    expect(categoryDrop(layout, layout)).toBeNull();
  });
});

describe('reorderedIds', () => {
  it('moves the active id to the place of the one it is over', () => {
    expect(reorderedIds(['a', 'b', 'c'], 'a', 'c')).toEqual(['b', 'c', 'a']);
    expect(reorderedIds(['a', 'b', 'c'], 'c', 'a')).toEqual(['c', 'a', 'b']);
    expect(reorderedIds(['a', 'b', 'c'], 'b', 'b')).toBeNull();
    expect(reorderedIds(['a', 'b', 'c'], 'x', 'b')).toBeNull();
  });
});
