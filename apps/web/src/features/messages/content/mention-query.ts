/** The mention being typed at the caret: `@que` or `#cha` after a space or the start, without spaces. */
export interface MentionQuery {
  trigger: '@' | '#';
  /** What follows the trigger, up to the caret. */
  query: string;
  /** Where the trigger is in the text. */
  start: number;
}

/** At most this many suggestions are listed. */
export const SUGGESTIONS_MAX = 8;

export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  let i = caret - 1;
  while (i >= 0 && caret - i <= 33) {
    const c = text[i]!;
    if (c === '@' || c === '#') {
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
  kind: 'user' | 'role' | 'channel' | 'everyone';
  id: string;
  /** What is inserted after the trigger. */
  name: string;
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
      .map((c) => ({ kind: 'channel', id: c.id, name: c.name }));
  }
  const users = rank(names.users, (u) => u.username, query.query).map((u): Suggestion => ({ kind: 'user', id: u.id, name: u.username }));
  const roles = rank(names.roles, (r) => r.name, query.query).map((r): Suggestion => ({ kind: 'role', id: r.id, name: r.name }));
  const everyone = rank(['everyone', 'here'], (w) => w, query.query).map((w): Suggestion => ({ kind: 'everyone', id: w, name: w }));
  return [...users, ...roles, ...everyone].slice(0, SUGGESTIONS_MAX);
}
