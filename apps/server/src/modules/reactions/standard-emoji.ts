import { createRequire } from 'node:module';
import type { CompactEmoji } from 'emojibase';

/** emojibase's group of components (skin tones, hair styles): parts of emoji, not emoji of their own. */
const COMPONENT_GROUP = 2;

/** Variation selector 16 (emoji presentation): clients send emoji with or without it. */
const VS16 = /\uFE0F/g;

let table: Map<string, string> | null = null;

/**
 * Every standard emoji of emojibase-data (English compact set, skin tones included), keyed without
 * variation selectors, to its fully qualified form. Built on first use. Regional indicator letters
 * (no group) and components are left out: they are not emoji to react with.
 */
function standardEmoji(): Map<string, string> {
  if (table) return table;
  const data = createRequire(import.meta.url)('emojibase-data/en/compact.json') as CompactEmoji[];
  const map = new Map<string, string>();
  const add = (e: Pick<CompactEmoji, 'unicode'>) => map.set(e.unicode.replace(VS16, ''), e.unicode);
  for (const emoji of data) {
    if (emoji.group === undefined || emoji.group === COMPONENT_GROUP) continue;
    add(emoji);
    for (const skin of emoji.skins ?? []) add(skin);
  }
  table = map;
  return map;
}

/** The standard emoji `value` names, fully qualified (as emojibase writes it), or null when it is none. */
export function canonicalStandardEmoji(value: string): string | null {
  return standardEmoji().get(value.replace(VS16, '')) ?? null;
}
