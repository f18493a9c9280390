import type { Message } from '@rally/shared/api/messages';
import type { UnreadResponse } from '@rally/shared/api/unread';
import { LIMITS } from '@rally/shared/limits';

/** What the user has not read of one channel (team channel or DM). */
export interface ChannelUnreadState {
  /** null for a direct chat. */
  teamId: string | null;
  unread: number;
  mentions: number;
  /** The newest message id read, when known ('0': nothing read). */
  lastReadId?: string;
}

/** The unread cache: by channel id. A channel that is not listed has nothing unread. */
export interface UnreadState {
  channels: Record<string, ChannelUnreadState>;
}

export const EMPTY_UNREAD: UnreadState = { channels: {} };

const cap = (n: number) => Math.min(n, LIMITS.unread.countCap);

/** Snowflake order (decimal strings of up to 20 digits). */
export function isNewer(id: string, than: string | undefined): boolean {
  if (than === undefined) return true;
  return id.length !== than.length ? id.length > than.length : id > than;
}

/** GET /api/v1/teams/unread as the cache holds it. */
export function fromResponse(response: Pick<UnreadResponse, 'teamInfo' | 'dmInfo'>): UnreadState {
  const channels: Record<string, ChannelUnreadState> = {};
  for (const team of response.teamInfo) {
    for (const c of team.channelInfo)
      channels[c.channelId] = { teamId: team.teamId, unread: c.unreadCount, mentions: c.mentionCount, lastReadId: c.lastReadId };
  }
  for (const c of response.dmInfo) channels[c.channelId] = { teamId: null, unread: c.unreadCount, mentions: c.mentionCount, lastReadId: c.lastReadId };
  return { channels };
}

/** Who "me" is for mentions: the user's id and the ids of the roles they hold in the message's team (the team id, the default role, included); null while unknown. */
export interface MentionTarget {
  userId: string;
  roleIds: readonly string[] | null;
}

/** Whether the message mentions the user: by id, @everyone, @here, or a role they hold; 'unknown' when it names roles and the user's are not known. */
export function mentionsMe(message: Pick<Message, 'mentions'>, me: MentionTarget): boolean | 'unknown' {
  const { mentions } = message;
  if (mentions.everyone || mentions.here || mentions.users.includes(me.userId)) return true;
  if (mentions.roles.length === 0) return false;
  if (me.roleIds === null) return 'unknown';
  return mentions.roles.some((id) => me.roleIds?.includes(id));
}

/**
 * A message arrived. The user's own message marks its channel read (as the server counts it);
 * another's adds one unread (and one mention when it mentions them), unless the user is looking at
 * the channel (`seen`), whose read marker the client moves instead.
 */
export function applyMessage(state: UnreadState, message: Message, teamId: string | null, me: MentionTarget, seen: boolean): UnreadState {
  const current = state.channels[message.channelId];
  if (message.createdBy.id === me.userId || seen) {
    if (!current || (current.unread === 0 && current.mentions === 0)) return state;
    return { channels: { ...state.channels, [message.channelId]: { ...current, unread: 0, mentions: 0 } } };
  }
  const base = current ?? { teamId, unread: 0, mentions: 0 };
  const mention = mentionsMe(message, me) === true ? 1 : 0;
  return { channels: { ...state.channels, [message.channelId]: { ...base, unread: cap(base.unread + 1), mentions: cap(base.mentions + mention) } } };
}

/**
 * Channels were read up to `lastReadId` (MESSAGE_READ from any session of the user, or this one):
 * cleared. `stale` lists the channels whose newest known message is newer than what was read (read
 * on another device before the newest arrived): their counts are to be loaded again.
 */
export function applyRead(
  state: UnreadState,
  teamId: string | null,
  reads: readonly { channelId: string; lastReadId: string }[],
  newestKnown: (channelId: string) => string | undefined,
): { state: UnreadState; stale: string[] } {
  const channels = { ...state.channels };
  const stale: string[] = [];
  for (const { channelId, lastReadId } of reads) {
    const current = channels[channelId];
    if (current?.lastReadId !== undefined && !isNewer(lastReadId, current.lastReadId)) continue;
    const newest = newestKnown(channelId);
    if (newest !== undefined && isNewer(newest, lastReadId) && (current?.unread ?? 0) > 0) stale.push(channelId);
    channels[channelId] = { teamId: current?.teamId ?? teamId, unread: 0, mentions: 0, lastReadId };
  }
  return { state: { channels }, stale };
}

/** Mark Unread (MESSAGE_UNREAD): the channel's marker moved back, with its counts from there as the server counted them. */
export function applyUnreadMark(
  state: UnreadState,
  mark: { teamId: string | null; channelId: string; lastReadId: string; unreadCount: number; mentionCount: number },
): UnreadState {
  const { teamId, channelId, lastReadId, unreadCount, mentionCount } = mark;
  return { channels: { ...state.channels, [channelId]: { teamId, unread: cap(unreadCount), mentions: cap(mentionCount), lastReadId } } };
}

/** Every channel of the team cleared (it was marked read). */
export function clearTeam(state: UnreadState, teamId: string): UnreadState {
  const channels = { ...state.channels };
  for (const [id, c] of Object.entries(channels)) if (c.teamId === teamId) channels[id] = { ...c, unread: 0, mentions: 0 };
  return { channels };
}

/** One team's summary: whether anything is unread (the dot) and its mentions (the badge). */
export interface TeamUnreadSummary {
  unread: boolean;
  mentions: number;
}

export function teamSummary(state: UnreadState, teamId: string): TeamUnreadSummary {
  let unread = false;
  let mentions = 0;
  for (const c of Object.values(state.channels)) {
    if (c.teamId !== teamId) continue;
    if (c.unread > 0) unread = true;
    mentions += c.mentions;
  }
  return { unread, mentions };
}

/** The direct-messages link's badge: unread messages over every direct chat. */
export function dmUnreadTotal(state: UnreadState): number {
  let total = 0;
  for (const c of Object.values(state.channels)) if (c.teamId === null) total += c.unread;
  return total;
}

/** A badge's text: the count, or `max+` above `max` (001 §9: a channel 999+, the direct-messages list 99+, friends 9+). */
export function badgeText(count: number, max: number): string {
  return count > max ? `${max}+` : String(count);
}
