import { isSnowflake } from '../ids';
import { LIMITS } from '../limits';
import type { BlockNode, InlineNode } from './ast';
import { visitInline } from './walk';

/** The node of a team emoji: `<:name:id>` (api/emojis.ts customEmojiToken). */
export type CustomEmojiNode = Extract<InlineNode, { type: 'customEmoji' }>;

/** A `<:name:id>` as written in a message's text: where it starts and ends (exclusive), its name and id. */
export interface CustomEmojiToken {
  start: number;
  end: number;
  name: string;
  id: string;
}

/** The longest id written: a snowflake's 19 digits (isSnowflake then checks its value). */
const ID_MAX_DIGITS = 19;

/** A letter, digit or underscore of ASCII: what an emoji's name is made of (EMOJI_NAME_PATTERN of api/emojis.ts). */
function isNameChar(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || c === '_';
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/**
 * The team emoji written at `i` of `s` — `<:`, a name of 1 to LIMITS.emoji.nameMax letters, digits
 * or underscores, `:`, an id that is a valid snowflake, `>` — with its end, or null. Anything else
 * (a longer name, other characters, an id out of range) is not an emoji and stays text.
 */
export function customEmojiAt(s: string, i: number): { node: CustomEmojiNode; end: number } | null {
  if (s[i] !== '<' || s[i + 1] !== ':') return null;
  const nameStart = i + 2;
  let j = nameStart;
  while (isNameChar(s[j]) && j - nameStart <= LIMITS.emoji.nameMax) j++;
  if (j === nameStart || j - nameStart > LIMITS.emoji.nameMax || s[j] !== ':') return null;
  const name = s.slice(nameStart, j);
  const idStart = ++j;
  while (isDigit(s[j]) && j - idStart <= ID_MAX_DIGITS) j++;
  if (s[j] !== '>') return null;
  const id = s.slice(idStart, j);
  if (!isSnowflake(id)) return null;
  return { node: { type: 'customEmoji', id, name }, end: j + 1 };
}

/**
 * Every `<:name:id>` written in `content`, in order, wherever it is: in code, after an escaping
 * backslash, or shown as an emoji (which ones the parser shows: collectCustomEmoji). The server
 * rewrites a message's emoji in its text with these positions (modules/emojis/usable.ts).
 */
export function customEmojiTokens(content: string): CustomEmojiToken[] {
  const tokens: CustomEmojiToken[] = [];
  let i = content.indexOf('<:');
  while (i !== -1) {
    const found = customEmojiAt(content, i);
    if (found) tokens.push({ start: i, end: found.end, name: found.node.name, id: found.node.id });
    i = content.indexOf('<:', found ? found.end : i + 1);
  }
  return tokens;
}

/** The team emoji a message shows (outside code, as parseMarkdown found them), every occurrence in order. */
export function collectCustomEmoji(blocks: readonly BlockNode[]): CustomEmojiNode[] {
  const found: CustomEmojiNode[] = [];
  visitInline(blocks, (n) => {
    if (n.type === 'customEmoji') found.push(n);
    return true;
  });
  return found;
}
