import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { SplitSearchQuery } from '@rally/shared/api/search';
import type { Executor } from '../../db/client';
import { channels, dmMembers, messages, users } from '../../db/schema';
import { authorColumns, messageColumns, type MessageWithAuthor } from '../messages/repository';

/** A channel results may come from: a team channel, or a direct chat (no team). */
export interface SearchChannel {
  id: string;
  name: string;
  type: string;
  teamId: string | null;
}

/** What one page of a search reads. `channelIds` is never empty (an empty scope finds nothing without asking). */
export interface SearchFilter {
  channelIds: readonly string[];
  query: SplitSearchQuery | null;
  authorId?: string;
  /** Created at or after this instant. */
  after?: Date;
  /** Created before this instant. */
  before?: Date;
  /** Older than this message id (keyset paging). */
  cursor?: string;
  limit: number;
}

/**
 * The tsquery of a split query: websearch_to_tsquery of the head (whole words, phrases,
 * exclusions, or) and the last word as a prefix (`word:*`). The prefix holds letters and digits
 * only (splitSearchQuery), so it needs no quoting inside to_tsquery's syntax.
 */
function tsquery({ head, prefix }: SplitSearchQuery): SQL {
  const whole = sql`websearch_to_tsquery('simple', ${head})`;
  if (!prefix) return whole;
  const started = sql`to_tsquery('simple', ${`${prefix}:*`})`;
  return head ? sql`(${whole} && ${started})` : started;
}

/**
 * Messages read in the first step of a word search: the newest this many of the scope, whose
 * documents are matched one by one (a few milliseconds on a million messages).
 */
export const SEARCH_WINDOW = 5000;

function scopeConditions(filter: SearchFilter): SQL[] {
  const where: SQL[] = [sql`${messages.channelId} = any(${`{${filter.channelIds.join(',')}}`}::bigint[])`, isNull(messages.deletedAt)];
  if (filter.authorId) where.push(eq(messages.authorId, filter.authorId));
  if (filter.after) where.push(gte(messages.createdAt, filter.after));
  if (filter.before) where.push(lt(messages.createdAt, filter.before));
  if (filter.cursor) where.push(lt(messages.id, filter.cursor));
  return where;
}

/** The messages of these ids with their authors, newest first. */
async function rowsByIds(db: Executor, ids: string[]): Promise<MessageWithAuthor[]> {
  if (ids.length === 0) return [];
  return db
    .select({ message: messageColumns, author: authorColumns })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(inArray(messages.id, ids))
    .orderBy(desc(messages.id));
}

/**
 * The ids of the newest matches, in two steps, because no one plan suits every word. A word in many
 * messages is found at once walking the messages newest first (the primary key), but a rare one
 * (or one found nowhere) would make that walk read the whole table; the full-text index finds a
 * rare word at once, but for a common one it must fetch and sort every match. So:
 * 1. the newest SEARCH_WINDOW messages of the scope (the primary key, or the channel or author
 *    index as the planner sees fit) are matched one by one: a common word fills the page here;
 * 2. if the page is not full and the scope goes on beyond that window, the full-text index
 *    (messages_search_idx) finds the older matches, sorted by id (`id + 0` keeps the planner from
 *    walking the primary key instead).
 */
async function matchingIds(db: Executor, filter: SearchFilter, query: SplitSearchQuery): Promise<string[]> {
  const scope = scopeConditions(filter);
  const matches = sql`${messages.search} @@ ${tsquery(query)}`;
  const window = db
    .select({ id: messages.id, search: messages.search })
    .from(messages)
    .where(and(...scope))
    .orderBy(desc(messages.id))
    .limit(SEARCH_WINDOW)
    .as('w');
  const recent = await db
    .select({ id: window.id })
    .from(window)
    .where(sql`${window.search} @@ ${tsquery(query)}`)
    .orderBy(desc(window.id))
    .limit(filter.limit);
  if (recent.length === filter.limit) return recent.map((r) => r.id);
  const [edge] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(...scope))
    .orderBy(desc(messages.id))
    .offset(SEARCH_WINDOW - 1)
    .limit(1);
  if (!edge) return recent.map((r) => r.id);
  const older = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(...scope, lt(messages.id, edge.id), matches))
    .orderBy(sql`${messages.id} + 0 desc`)
    .limit(filter.limit - recent.length);
  return [...recent, ...older].map((r) => r.id);
}

/**
 * One page of a search, newest first, within the channels given; deleted messages left out, the
 * `search` column only matched, never read. With words: matchingIds, then their rows. Filters
 * alone: the scope's newest messages. The channel ids travel as one array parameter (a user may
 * read thousands of channels).
 */
export async function searchPage(db: Executor, filter: SearchFilter): Promise<MessageWithAuthor[]> {
  if (filter.query) return rowsByIds(db, await matchingIds(db, filter, filter.query));
  return db
    .select({ message: messageColumns, author: authorColumns })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(and(...scopeConditions(filter)))
    .orderBy(desc(messages.id))
    .limit(filter.limit);
}

/** The direct chats the user is a member of (optionally only the one with this id). */
export async function findDirectChannels(db: Executor, userId: string, channelId?: string): Promise<SearchChannel[]> {
  const where = [eq(dmMembers.userId, userId), ...(channelId ? [eq(dmMembers.channelId, channelId)] : [])];
  return db
    .select({ id: channels.id, name: channels.name, type: channels.type, teamId: channels.teamId })
    .from(dmMembers)
    .innerJoin(channels, eq(channels.id, dmMembers.channelId))
    .where(and(...where));
}

export const searchRepository = { searchPage, findDirectChannels };
export type SearchRepository = typeof searchRepository;
