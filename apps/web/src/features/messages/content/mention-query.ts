import { matchesEmoji, type StandardEmoji } from '../../emoji/emoji-data';

/**
 * The mention or emoji being typed at the caret, after a space or the start, without spaces:
 * `@que` or `#cha`, or `:em` with at least EMOJI_QUERY_MIN letters, digits, `_`, `+` or `-`.
 */
export interface MentionQuery {
  trigger: '@' | '#' | ':';
  /** What follows the trigger, up to the caret. */
  query: string;
  /** Where the trigger is in the text. */
  start: number;
}

/** At most this many suggestions are listed. */
export const SUGGESTIONS_MAX = 8;
/** At most this many emoji are suggested (001 §9). */
export const EMOJI_SUGGESTIONS_MAX = 16;
/** Emoji are suggested from this many characters after the colon (`:a` is too common in text). */
export const EMOJI_QUERY_MIN = 2;
const EMOJI_QUERY = /^[\w+-]+$/;

export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  let i = caret - 1;
  while (i >= 0 && caret - i <= 33) {
    const c = text[i]!;
    if (c === ':') {
      const before = text[i - 1];
      // A colon inside a word (`10:30`, `@name:x`) is only part of what is typed.
      if (before === undefined || /\s/.test(before)) {
        const query = text.slice(i + 1, caret);
        return query.length >= EMOJI_QUERY_MIN && EMOJI_QUERY.test(query) ? { trigger: ':', query, start: i } : null;
      }
    } else if (c === '@' || c === '#') {
      const before = text[i - 1];
      if (before !== undefined && !/\s/.test(before)) return null;
      return { trigger: c, query: text.slice(i + 1, caret), start: i };
    }
    if (/\s/.test(c) || c === '`') return null;
    i--;
  }
  return null;
}

export interface Suggestion {
  /** A mention, a team emoji (`emoji`) or a standard one. */
  kind: 'user' | 'role' | 'channel' | 'everyone' | 'emoji' | 'standard';
  id: string;
  /** The name as listed: a mention's without its trigger; an emoji's `:name:` (a standard one's name when it has no shortcode). */
  name: string;
  /** What replaces the trigger and the query: `@name`, `#channel`, `:emoji:` (sent as `<:emoji:id>`), or a standard emoji's character. */
  text: string;
  /** A team emoji's image, or a standard emoji's character, shown before the name. */
  glyph?: { image: string } | { emoji: string };
}

/** Names starting with the query first, then those containing it; case-insensitive. */
function rank<T>(items: readonly T[], nameOf: (t: T) => string, query: string): T[] {
  const q = query.toLowerCase();
  const starts: T[] = [];
  const contains: T[] = [];
  for (const item of items) {
    const name = nameOf(item).toLowerCase();
    if (name.startsWith(q)) starts.push(item);
    else if (q && name.includes(q)) contains.push(item);
  }
  return [...starts, ...contains];
}

/** The suggestions for a query: members, roles and @everyone/@here for `@`, channels for `#`. */
export function suggestionsFor(
  query: MentionQuery,
  names: {
    users: readonly { id: string; username: string }[];
    roles: readonly { id: string; name: string }[];
    channels: readonly { id: string; name: string }[];
  },
): Suggestion[] {
  if (query.trigger === '#') {
    return rank(names.channels, (c) => c.name, query.query)
      .slice(0, SUGGESTIONS_MAX)
      .map((c) => ({ kind: 'channel', id: c.id, name: c.name, text: `#${c.name}` }));
  }
  const users = rank(names.users, (u) => u.username, query.query).map((u): Suggestion => ({
    kind: 'user',
    id: u.id,
    name: u.username,
    text: `@${u.username}`,
  }));
  const roles = rank(names.roles, (r) => r.name, query.query).map((r): Suggestion => ({ kind: 'role', id: r.id, name: r.name, text: `@${r.name}` }));
  const everyone = rank(['everyone', 'here'], (w) => w, query.query).map((w): Suggestion => ({ kind: 'everyone', id: w, name: w, text: `@${w}` }));
  return [...users, ...roles, ...everyone].slice(0, SUGGESTIONS_MAX);
}

/**
 * The suggestions for `:query` (001 §9, at most EMOJI_SUGGESTIONS_MAX): the team emoji the user may
 * write here (in their order, the open team's first; one per name), then standard emoji whose
 * alias or name starts with the query, then those matching it elsewhere (emoji-data's search).
 * `standard` is null until the standard emoji have loaded.
 */
export function emojiSuggestionsFor(
  query: string,
  custom: readonly { id: string; name: string; url: string }[],
  standard: readonly StandardEmoji[] | null,
): Suggestion[] {
  const q = query.toLowerCase();
  const named = custom.filter((e, i) => custom.findIndex((x) => x.name === e.name) === i);
  const teams = rank(named, (e) => e.name, q).map((e): Suggestion => ({
    kind: 'emoji',
    id: e.id,
    name: `:${e.name}:`,
    text: `:${e.name}:`,
    glyph: { image: e.url },
  }));
  const startsWith = (e: StandardEmoji) => (e.alias?.toLowerCase().startsWith(q) ?? false) || e.name.toLowerCase().startsWith(q);
  const matching = (standard ?? []).filter((e) => matchesEmoji(e, q));
  const standards = [...matching.filter(startsWith), ...matching.filter((e) => !startsWith(e))].map((e): Suggestion => ({
    kind: 'standard',
    id: e.emoji,
    name: e.alias ? `:${e.alias}:` : e.name,
    text: e.emoji,
    glyph: { emoji: e.emoji },
  }));
  return [...teams, ...standards].slice(0, EMOJI_SUGGESTIONS_MAX);
}
