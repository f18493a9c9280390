import { and, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
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
 * One page of matches, newest first, read from the full-text index (messages_search_idx) and
 * filtered to the channels given: deleted messages left out, the `search` column only filtered on.
 * The channel ids travel as one array parameter (a user may read thousands of channels).
 */
export async function searchPage(db: Executor, filter: SearchFilter): Promise<MessageWithAuthor[]> {
  const where: SQL[] = [sql`${messages.channelId} = any(${`{${filter.channelIds.join(',')}}`}::bigint[])`, isNull(messages.deletedAt)];
  if (filter.query) where.push(sql`${messages.search} @@ ${tsquery(filter.query)}`);
  if (filter.authorId) where.push(eq(messages.authorId, filter.authorId));
  if (filter.after) where.push(gte(messages.createdAt, filter.after));
  if (filter.before) where.push(lt(messages.createdAt, filter.before));
  if (filter.cursor) where.push(lt(messages.id, filter.cursor));
  return db
    .select({ message: messageColumns, author: authorColumns })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(and(...where))
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
