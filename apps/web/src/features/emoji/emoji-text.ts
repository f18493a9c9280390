import type { CustomEmoji } from '@rally/shared/api/reactions';
import { customEmojiAt, customEmojiTokens } from '@rally/shared/markdown/custom-emoji';

/**
 * Team emoji in a message's text (docs/message-format.md): the composer shows `:name:` and sends
 * `<:name:id>`. Zod-free and pure, for the composer, the edit box and plain-text previews.
 */

/** A team emoji as the text names it. */
export interface NamedEmoji {
  id: string;
  name: string;
}

/** `:name:` at a position (sticky). */
const SHORTCODE_AT = /:(\w{1,32}):/y;
/** A URL at a position (sticky): left as written up to the next space (a `:word:` in a path is not an emoji). */
const URL_AT = /https?:\/\/\S*/y;

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);

function matchAt(pattern: RegExp, text: string, i: number): RegExpExecArray | null {
  pattern.lastIndex = i;
  return pattern.exec(text);
}

/** Where the code span or block (backticks) opening at `i` ends, or -1 when its fence is never closed. */
function codeEnd(text: string, i: number): { fence: number; end: number } {
  let fence = 0;
  while (text[i + fence] === '`') fence++;
  const close = text.indexOf('`'.repeat(fence), i + fence);
  return { fence, end: close === -1 ? -1 : close + fence };
}

/**
 * Walk the text outside code (backticks: spans and fenced blocks, never parsed) and let `at` replace
 * what starts at a position: it answers the replacement and how many characters it covers, or null
 * to keep the character.
 */
function rewriteOutsideCode(text: string, at: (i: number) => { out: string; length: number } | null): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '`') {
      const { fence, end } = codeEnd(text, i);
      const stop = end === -1 ? i + fence : end;
      out += text.slice(i, stop);
      i = stop;
      continue;
    }
    const found = at(i);
    if (found) {
      out += found.out;
      i += found.length;
    } else {
      out += text[i];
      i++;
    }
  }
  return out;
}

/**
 * The emoji a user may write in a place (001 §6): the open team's first, then, with Plus, those of
 * their other teams (outside a team, all of them with Plus and none without).
 */
export function usableEmojis(all: readonly CustomEmoji[], teamId: string | null, premium: boolean): CustomEmoji[] {
  const own = teamId === null ? [] : all.filter((e) => e.teamId === teamId);
  const others = premium ? all.filter((e) => e.teamId !== teamId) : [];
  return [...own, ...others];
}

/**
 * What the composer sends for what the user typed: each `:name:` outside code that names one of
 * `emojis` becomes `<:name:id>` (the first of that name, exactly as written, else ignoring case).
 * A `:name:` joined to a word (`10:30:45`), escaped (`\:name:`), inside a URL or already a token is
 * left as written.
 */
export function encodeCustomEmoji(text: string, emojis: readonly NamedEmoji[]): string {
  if (emojis.length === 0 || !text.includes(':')) return text;
  const exact = new Map<string, NamedEmoji>();
  const folded = new Map<string, NamedEmoji>();
  for (const e of emojis) {
    if (!exact.has(e.name)) exact.set(e.name, e);
    if (!folded.has(e.name.toLowerCase())) folded.set(e.name.toLowerCase(), e);
  }
  return rewriteOutsideCode(text, (i) => {
    const c = text[i];
    const before = text[i - 1];
    if (c === '<') {
      const token = customEmojiAt(text, i);
      return token ? { out: text.slice(i, token.end), length: token.end - i } : null;
    }
    if (c === 'h' && !isWordChar(before)) {
      const url = matchAt(URL_AT, text, i);
      return url ? { out: url[0], length: url[0].length } : null;
    }
    if (c !== ':' || isWordChar(before) || before === '\\') return null;
    const code = matchAt(SHORTCODE_AT, text, i);
    if (!code || isWordChar(text[i + code[0].length])) return null;
    const name = code[1]!;
    const emoji = exact.get(name) ?? folded.get(name.toLowerCase());
    return emoji ? { out: `<:${emoji.name}:${emoji.id}>`, length: code[0].length } : null;
  });
}

/**
 * A sent text as the edit box shows it: each `<:name:id>` outside code (and not escaped) as `:name:`, and the emoji
 * it named (so that saving can write them back even where the editor could not pick them).
 */
export function decodeCustomEmoji(text: string): { text: string; emojis: NamedEmoji[] } {
  const emojis: NamedEmoji[] = [];
  const decoded = rewriteOutsideCode(text, (i) => {
    // An escaped token is shown as its text: it stays as written.
    if (text[i] !== '<' || text[i - 1] === '\\') return null;
    const token = customEmojiAt(text, i);
    if (!token) return null;
    const { id, name } = token.node;
    if (!emojis.some((e) => e.id === id)) emojis.push({ id, name });
    return { out: `:${name}:`, length: token.end - i };
  });
  return { text: decoded, emojis };
}

/** A message's raw text with every `<:name:id>` as `:name:`, markup kept (the reply bar, search results; the chat list and notifications use toPlainText). */
export function emojiTokensAsText(text: string): string {
  let out = '';
  let from = 0;
  for (const token of customEmojiTokens(text)) {
    out += `${text.slice(from, token.start)}:${token.name}:`;
    from = token.end;
  }
  return out + text.slice(from);
}
