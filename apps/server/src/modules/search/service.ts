import { hasSearchWords, searchDateMs, splitSearchQuery, type SearchMessagesQuery, type SearchResult } from '@rally/shared/api/search';
import { ChannelPermission, hasBit } from '@rally/shared/permissions';
import { readAll } from '../../db/read-all';
import type { ServiceDeps } from '../../lib/service-deps';
import { toMessage } from '../messages/mappers';
import { channelPermissions, isDmAccess, loadAccessForUser, type TeamAccess } from '../permissions/access';
import type { ChannelRow } from '../teams/mappers';
import { searchRepository, type SearchChannel, type SearchRepository } from './repository';

/** Reading a channel's messages needs both: seeing the channel, and seeing what was said before. */
const READ_HISTORY = ChannelPermission.VIEW_CHANNEL | ChannelPermission.CAN_SEE_MESSAGE_HISTORY;

function canReadHistory(access: TeamAccess, channel: ChannelRow): boolean {
  return channel.type !== 'category' && hasBit(channelPermissions(access, channel), READ_HISTORY);
}

function readableIn(access: TeamAccess): SearchChannel[] {
  return access.channels.filter((c) => canReadHistory(access, c)).map((c) => ({ id: c.id, name: c.name, type: c.type, teamId: c.teamId }));
}

/**
 * The channels a search may read, cut by its team and channel filters: the team channels whose
 * history the user may read (VIEW_CHANNEL and CAN_SEE_MESSAGE_HISTORY, through the permissions
 * module; a team they are not a member of has none) and the direct chats they are a member of.
 */
async function searchScope(deps: ServiceDeps, userId: string, query: SearchMessagesQuery, repo: SearchRepository): Promise<SearchChannel[]> {
  const { teamId, channelId } = query;
  if (channelId) {
    const found = await deps.accessCache.channel(channelId, userId);
    const access = found?.access;
    const scope =
      !found || !access
        ? []
        : isDmAccess(access)
          ? [{ id: found.channel.id, name: found.channel.name, type: found.channel.type, teamId: null }]
          : canReadHistory(access, found.channel)
            ? readableIn(access).filter((c) => c.id === channelId)
            : [];
    return teamId ? scope.filter((c) => c.teamId === teamId) : scope;
  }
  if (teamId) {
    const access = await deps.accessCache.team(teamId, userId);
    return access ? readableIn(access) : [];
  }
  const [accesses, direct] = await readAll(deps.db, [() => loadAccessForUser(deps.db, userId), () => repo.findDirectChannels(deps.db, userId)]);
  return [...accesses.flatMap(readableIn), ...direct];
}

export interface SearchPage {
  results: SearchResult[];
  nextCursor: string | null;
}

/**
 * Search messages for the user (searchMessagesQuerySchema; the endpoint counted their search rate
 * limit): read only from the channels of searchScope, newest first, one more than the page read to
 * know whether another follows.
 */
export async function searchMessages(
  deps: ServiceDeps,
  userId: string,
  query: SearchMessagesQuery,
  repo: SearchRepository = searchRepository,
): Promise<SearchPage> {
  const scope = await searchScope(deps, userId, query, repo);
  if (scope.length === 0) return { results: [], nextCursor: null };
  const byId = new Map(scope.map((c) => [c.id, c]));
  const rows = await repo.searchPage(deps.db, {
    channelIds: [...byId.keys()],
    query: hasSearchWords(query.q) ? splitSearchQuery(query.q ?? '') : null,
    authorId: query.authorId,
    after: query.after ? new Date(searchDateMs(query.after)) : undefined,
    before: query.before ? new Date(searchDateMs(query.before)) : undefined,
    cursor: query.cursor,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const results = page.flatMap(({ message, author }) => {
    const channel = byId.get(message.channelId);
    return channel
      ? [{ message: toMessage(message, author), channel: { id: channel.id, name: channel.name, type: channel.type }, teamId: channel.teamId }]
      : [];
  });
  const last = page.at(-1);
  return { results, nextCursor: rows.length > query.limit && last ? last.message.id : null };
}
