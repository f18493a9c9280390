import { z } from 'zod';
import { LIMITS } from '../limits';
import { snowflakeSchema } from './common';
import { defineEndpoint } from './endpoint';
import { messageSchema } from './messages';
import { ROUTES } from './routes';
import { text } from './text';

/**
 * Message search (issue 9; the spec is silent), on PostgreSQL full-text search with the 'simple'
 * configuration (words lower-cased, no stemming: Turkish and English alike).
 *
 * The query `q` is read as a web search (websearch_to_tsquery): words must all appear, in any
 * order; "quoted words" must appear together in that order; -word excludes; `or` between two words
 * accepts either. Users type partial words, so the last word, when it is a plain word of at least
 * LIMITS.search.prefixMin characters still being typed (nothing after it), also matches the words
 * that start with it: `tourn` finds "tournament". Every other word matches whole words only.
 */

/** A letter or a digit: a query without one has no word to look for. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The query as the database reads it: `head` for websearch_to_tsquery (may be empty), `prefix` the last word matched as a prefix (or null). */
export interface SplitSearchQuery {
  head: string;
  prefix: string | null;
}

/**
 * Split the query: the run of letters and digits that ends it is the prefix, unless a space follows
 * it (the word is finished), or its word is an exclusion (-word), inside an open quote, `or` or
 * after one (an alternative stays whole), or shorter than prefixMin. Only letters
 * and digits: the rest of that word (`e-spo` → `e-`) stays in the head, matched whole.
 */
export function splitSearchQuery(q: string): SplitSearchQuery {
  const trimmed = q.trim();
  const chars = [...trimmed];
  // A space after the last word: the user has finished typing it.
  if (chars.length === 0 || /\s/u.test(q.slice(-1))) return { head: trimmed, prefix: null };
  let start = chars.length;
  while (start > 0 && WORD_CHAR.test(chars[start - 1] ?? '')) start--;
  let wordStart = start;
  while (wordStart > 0 && !/\s/u.test(chars[wordStart - 1] ?? ' ')) wordStart--;
  const prefix = chars.slice(start).join('');
  const before = chars.slice(0, start).join('');
  const word = chars.slice(wordStart).join('');
  const openQuote = (before.match(/"/g) ?? []).length % 2 === 1;
  const previous = chars.slice(0, wordStart).join('').trim().split(/\s+/u).at(-1) ?? '';
  const afterOr = previous.toLowerCase() === 'or';
  if (prefix.length === 0 || word.startsWith('-') || openQuote || afterOr || word.toLowerCase() === 'or' || chars.length - start < LIMITS.search.prefixMin) {
    return { head: trimmed, prefix: null };
  }
  return { head: before.trim(), prefix };
}

/** Whether the query has a word to look for (a letter or digit somewhere). */
export function hasSearchWords(q: string | undefined): boolean {
  return q !== undefined && WORD_CHAR.test(q);
}

/** The words a result's text is highlighted with: the query's words without quotes, exclusions or `or`, lower-cased. */
export function searchHighlightWords(q: string): string[] {
  const words = q
    .replace(/"/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !w.startsWith('-') && w.toLowerCase() !== 'or')
    .flatMap((w) => w.split(/[^\p{L}\p{N}]+/u))
    .filter((w) => w.length > 0)
    .map((w) => w.toLocaleLowerCase());
  return [...new Set(words)];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** A calendar date (YYYY-MM-DD, midnight UTC) or an instant with its offset (ISO 8601). */
export function isSearchDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [, y, mo, d] = m.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return false;
  return !Number.isNaN(searchDateMs(value));
}

/** The instant of a search date: a calendar date is its midnight UTC. */
export function searchDateMs(value: string): number {
  return Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
}

const searchDate = text({ max: 40, error: 'search_date_invalid' }).refine(isSearchDate, 'search_date_invalid');

/**
 * GET /api/v1/search/messages. At least a word in `q` or one filter. `before` and `after` bound
 * the message's creation time (`after` inclusive, `before` exclusive; a calendar date is midnight
 * UTC, so a client sends its user's local midnight as an instant with offset). Results are newest
 * first; the next page is asked with `cursor` = the previous page's `nextCursor`.
 */
export const searchMessagesQuerySchema = z
  .object({
    q: text({ max: LIMITS.search.queryMax, tooLong: 'search_query_too_long' }).optional(),
    teamId: snowflakeSchema.optional(),
    channelId: snowflakeSchema.optional(),
    authorId: snowflakeSchema.optional(),
    before: searchDate.optional(),
    after: searchDate.optional(),
    limit: z.coerce.number().int().min(1).max(50).optional().default(LIMITS.search.pageSize),
    cursor: snowflakeSchema.optional(),
  })
  .refine(
    (s) => (s.q !== undefined && s.q.trim() !== '' ? hasSearchWords(s.q) : [s.teamId, s.channelId, s.authorId, s.before, s.after].some((v) => v !== undefined)),
    {
      message: 'search_empty',
      path: ['q'],
    },
  )
  .refine((s) => s.before === undefined || s.after === undefined || searchDateMs(s.after) < searchDateMs(s.before), {
    message: 'search_date_range',
    path: ['after'],
  });
export type SearchMessagesQuery = z.infer<typeof searchMessagesQuerySchema>;

/** One found message, with where it is: its channel (a DM's has no team) so that the client can open it. */
export const searchResultSchema = z.object({
  message: messageSchema,
  channel: z.object({ id: z.string(), name: z.string(), type: z.string() }),
  teamId: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** `nextCursor`: pass it as `cursor` for the next (older) page; null when this page is the last. */
export const searchMessagesResponseSchema = z.object({
  success: z.literal(true),
  results: z.array(searchResultSchema),
  nextCursor: z.string().nullable(),
});
export type SearchMessagesResponse = z.infer<typeof searchMessagesResponseSchema>;

export const searchMessagesEndpoint = defineEndpoint({
  ...ROUTES.searchMessages,
  userRateLimit: 'search',
  summary: 'Search the messages of the channels the caller may read and of their direct chats (per-user rate limit)',
  permission: {
    none: 'results are cut to the channels whose history the caller may read (VIEW_CHANNEL and CAN_SEE_MESSAGE_HISTORY) and to their direct chats; a teamId or channelId outside them finds nothing',
  },
  query: searchMessagesQuerySchema,
  response: searchMessagesResponseSchema,
});
