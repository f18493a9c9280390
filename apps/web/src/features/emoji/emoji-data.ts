import type { CompactEmoji } from 'emojibase';

/** A standard emoji as the picker shows it: the character(s), its name and first alias (GitHub shortcode). */
export interface StandardEmoji {
  emoji: string;
  name: string;
  alias: string | null;
}

/** emojibase's groups, in its order, without components (skin tones, hair): the picker's categories. */
export const EMOJI_GROUPS = [
  { id: 0, key: 'smileys-emotion' },
  { id: 1, key: 'people-body' },
  { id: 3, key: 'animals-nature' },
  { id: 4, key: 'food-drink' },
  { id: 5, key: 'travel-places' },
  { id: 6, key: 'activities' },
  { id: 7, key: 'objects' },
  { id: 8, key: 'symbols' },
  { id: 9, key: 'flags' },
] as const;
export type EmojiGroupKey = (typeof EMOJI_GROUPS)[number]['key'];

export interface EmojiCategory {
  key: EmojiGroupKey;
  emojis: StandardEmoji[];
}

let loading: Promise<EmojiCategory[]> | null = null;

/**
 * The standard emoji by category, from emojibase-data (English compact set and GitHub shortcodes),
 * fetched once and only when a picker opens: the data is its own chunk, not part of the app's.
 */
export function loadEmojiCategories(): Promise<EmojiCategory[]> {
  loading ??= (async () => {
    const [{ default: data }, { default: shortcodes }] = await Promise.all([
      import('emojibase-data/en/compact.json'),
      import('emojibase-data/en/shortcodes/github.json'),
    ]);
    return groupEmoji(data, shortcodes);
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The categories from emojibase's rows (pure, for tests): in emojibase's order within each group. */
export function groupEmoji(data: readonly CompactEmoji[], shortcodes: Record<string, string | string[]>): EmojiCategory[] {
  const byGroup = new Map<number, StandardEmoji[]>();
  const sorted = [...data].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  for (const e of sorted) {
    if (e.group === undefined) continue;
    const codes = shortcodes[e.hexcode];
    const alias = (Array.isArray(codes) ? codes[0] : codes) ?? null;
    const list = byGroup.get(e.group) ?? [];
    list.push({ emoji: e.unicode, name: e.label, alias });
    byGroup.set(e.group, list);
  }
  return EMOJI_GROUPS.map((g) => ({ key: g.key, emojis: byGroup.get(g.id) ?? [] }));
}

/**
 * Search (spec 001 §2 Emoji picker): case-insensitive, on the name or the first alias. A query
 * matches where a word of the name, or the alias, starts with it.
 */
export function matchesEmoji(e: { name: string; alias: string | null }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const name = e.name.toLowerCase();
  return name.startsWith(q) || name.includes(` ${q}`) || (e.alias?.toLowerCase().includes(q) ?? false);
}
