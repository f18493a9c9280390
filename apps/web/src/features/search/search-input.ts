import type { SearchMessagesQuery } from '@rally/shared/api/search';
import { isSearchDate } from '@rally/shared/api/search';

/** The filters of the search box's small syntax: `from:user`, `in:channel`, `before:date`, `after:date`. */
export const FILTER_KEYS = ['from', 'in', 'before', 'after'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** What was typed: the words, and the last value given for each filter. */
export interface ParsedSearch {
  words: string;
  filters: Partial<Record<FilterKey, string>>;
}

const FILTER = /(?:^|\s)(from|in|before|after):(\S+)/giu;

/** Split the box's text into its words and its filters (`from:@ada in:#general raid` → words `raid`). */
export function parseSearchInput(text: string): ParsedSearch {
  const filters: ParsedSearch['filters'] = {};
  const words = text.replace(FILTER, (_whole, key: string, value: string) => {
    filters[key.toLowerCase() as FilterKey] = value;
    return ' ';
  });
  return { words: words.replace(/\s+/gu, ' ').trim(), filters };
}

/** The text without one filter (a chip's remove button). */
export function removeFilter(text: string, key: FilterKey): string {
  return text
    .replace(FILTER, (whole: string, k: string) => (k.toLowerCase() === key ? ' ' : whole))
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Why a typed search cannot run: a filter naming nobody, or a date that is not one. */
export type SearchInputError = { kind: 'unknownUser' | 'unknownChannel' | 'badDate'; value: string } | { kind: 'empty' };

/**
 * Where a search looks: a team (`in:` names one of its channels), or one direct chat (`channelId`;
 * its people are the `members`, and there is no channel to name).
 */
export interface SearchScope {
  teamId?: string;
  channelId?: string;
  members: readonly { id: string; username: string }[];
  channels: readonly { id: string; name: string; type: string }[];
}

/** The local midnight of a calendar date, as the instant the server reads. */
function localMidnight(date: string): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(y, m - 1, d).toISOString();
}

/**
 * The request of a typed search in a team or a chat (SearchScope): `from:` is a member's username
 * (an @ before it is allowed), `in:` one of the team's channels (a # allowed), dates are YYYY-MM-DD in the user's
 * time zone (`before` that day, `after` from that day on). An error when a filter cannot be read or
 * nothing is asked.
 */
export function toSearchQuery(parsed: ParsedSearch, scope: SearchScope): { query: Partial<SearchMessagesQuery> } | { error: SearchInputError } {
  const { from, in: inName, before, after } = parsed.filters;
  const query: Partial<SearchMessagesQuery> = scope.teamId ? { teamId: scope.teamId } : { channelId: scope.channelId };
  if (parsed.words) query.q = parsed.words;
  if (from !== undefined) {
    const name = from.replace(/^@/u, '').toLocaleLowerCase();
    const member = scope.members.find((m) => m.username.toLocaleLowerCase() === name);
    if (!member) return { error: { kind: 'unknownUser', value: from } };
    query.authorId = member.id;
  }
  if (inName !== undefined) {
    const typed = inName.replace(/^#/u, '');
    const name = typed.toLocaleLowerCase();
    const named = scope.channels.filter((c) => c.type !== 'category');
    // The name as typed first: a new team has both #general and the voice channel General.
    const channel = named.find((c) => c.name === typed) ?? named.find((c) => c.name.toLocaleLowerCase() === name);
    if (!channel) return { error: { kind: 'unknownChannel', value: inName } };
    query.channelId = channel.id;
  }
  for (const [key, value] of [
    ['before', before],
    ['after', after],
  ] as const) {
    if (value === undefined) continue;
    if (!/^\d{4}-\d{2}-\d{2}$/u.test(value) || !isSearchDate(value)) return { error: { kind: 'badDate', value } };
    query[key] = localMidnight(value);
  }
  if (!query.q && !query.authorId && inName === undefined && !query.before && !query.after) return { error: { kind: 'empty' } };
  return { query };
}

/** One piece of a result's text: `match` pieces are shown highlighted. */
export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * Cut a text into parts where the searched words start a word of it (case-insensitive), as the
 * server matched them: a word, or the start of one for the word being typed.
 */
export function highlightParts(text: string, words: readonly string[]): TextPart[] {
  const needles = words.filter((w) => w.length > 0).map((w) => w.toLocaleLowerCase());
  if (needles.length === 0) return [{ text, match: false }];
  const lower = text.toLocaleLowerCase();
  const parts: TextPart[] = [];
  let plainFrom = 0;
  let i = 0;
  while (i < text.length) {
    const atWordStart = i === 0 || !/[\p{L}\p{N}]/u.test(text[i - 1] ?? '');
    const needle = atWordStart ? needles.filter((n) => lower.startsWith(n, i)).sort((a, b) => b.length - a.length)[0] : undefined;
    if (needle && lower.length === text.length) {
      if (i > plainFrom) parts.push({ text: text.slice(plainFrom, i), match: false });
      parts.push({ text: text.slice(i, i + needle.length), match: true });
      i += needle.length;
      plainFrom = i;
    } else {
      i++;
    }
  }
  if (plainFrom < text.length) parts.push({ text: text.slice(plainFrom), match: false });
  return parts;
}
