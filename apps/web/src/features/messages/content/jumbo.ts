import type { BlockNode, InlineNode } from '@rally/shared/markdown/ast';

/** A message of only emoji shows them large up to this many (Discord's rule, with a smaller bound). */
export const JUMBO_MAX = 10;

/** A grapheme that is an emoji: a pictograph (with its modifiers and joiners), a flag, or a keycap. */
const EMOJI_GRAPHEME = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u20E3]/u;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The emoji of a text that holds nothing else but spaces, or null when it holds anything else. */
function emojiCountOf(text: string): number | null {
  let count = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (EMOJI_GRAPHEME.test(segment)) count++;
    else if (segment.trim() !== '') return null;
  }
  return count;
}

/**
 * Whether a message's text is only emoji — standard characters and team emoji, one paragraph, no
 * other text or formatting — and at most JUMBO_MAX of them: it is then shown large ("jumbo").
 */
export function isJumbo(blocks: readonly BlockNode[]): boolean {
  const [only] = blocks;
  if (blocks.length !== 1 || only?.type !== 'paragraph') return false;
  let count = 0;
  for (const node of only.children as readonly InlineNode[]) {
    if (node.type === 'customEmoji') count++;
    else if (node.type === 'text') {
      const n = emojiCountOf(node.text);
      if (n === null) return false;
      count += n;
    } else return false;
    if (count > JUMBO_MAX) return false;
  }
  return count > 0;
}
