import type { Message } from '@rally/shared/api/messages';
import type { Member } from '@rally/shared/api/teams';
import type { MeResponse } from '@rally/shared/api/users';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { newestLoadedId, type MessagesData } from '../messages/message-cache';
import type { TeamChannelsData } from '../teams/channel-queries';
import { applyMessage, applyRead, applyUnreadMark, clearTeam, mentionsMe, type MentionTarget, type UnreadState } from './unread-state';
import { isSeen, releaseUnread } from './viewing';

/**
 * The one place that writes the unread cache (queryKeys.unread: UnreadState): live events and the
 * mark-read mutation go through these. Before the counters are loaded nothing is written (the load
 * brings them whole).
 */

function update(qc: QueryClient, change: (state: UnreadState) => UnreadState): void {
  qc.setQueryData<UnreadState>(queryKeys.unread, (old) => (old === undefined ? old : change(old)));
}

/** Load the counters again (after a change this client cannot count itself). */
export function reloadUnread(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: queryKeys.unread });
}

/** The team of a channel, from the unread cache or the teams' channel lists; null when it is none of theirs (a direct chat). */
export function teamOfChannel(qc: QueryClient, channelId: string): string | null {
  const known = qc.getQueryData<UnreadState>(queryKeys.unread)?.channels[channelId];
  if (known) return known.teamId;
  for (const [key, data] of qc.getQueriesData<TeamChannelsData>({ queryKey: queryKeys.teams })) {
    if (key[2] === 'channels' && typeof key[1] === 'string' && data?.channels.some((c) => c.id === channelId)) return key[1];
  }
  return null;
}

/** The signed-in user as mentions see them in a team: their id and held roles (null when the team's member list is not loaded). */
export function mentionTarget(qc: QueryClient, teamId: string | null): MentionTarget | null {
  const me = qc.getQueryData<MeResponse | null>(queryKeys.me)?.user;
  if (!me) return null;
  if (teamId === null) return { userId: me.id, roleIds: [] };
  const member = qc.getQueryData<Member[]>(queryKeys.teamMembers(teamId))?.find((m) => m.id === me.id);
  return { userId: me.id, roleIds: member ? [teamId, ...member.roles] : null };
}

/**
 * MESSAGE_SEND: one more unread (and mention) in a channel the user is not looking at; their own
 * message clears its channel. Returns whether it mentions the user (for the sound), or null when the
 * user is not known yet.
 */
export function countMessage(qc: QueryClient, message: Message): { teamId: string | null; mentioned: boolean } | null {
  const teamId = teamOfChannel(qc, message.channelId);
  const me = mentionTarget(qc, teamId);
  if (!me) return null;
  const mention = mentionsMe(message, me);
  // One's own message reads the channel (as the server counts it), one marked unread included.
  if (message.createdBy.id === me.userId) releaseUnread(message.channelId);
  // A role mention whose holders this client does not know: the server counts it.
  if (mention === 'unknown' && message.createdBy.id !== me.userId) reloadUnread(qc);
  update(qc, (state) => applyMessage(state, message, teamId, me, isSeen(message.channelId)));
  return { teamId, mentioned: mention === true };
}

/** The newest message this client holds of a channel (its history cache, when that reaches the present). */
function newestKnown(qc: QueryClient, channelId: string): string | undefined {
  return newestLoadedId(qc.getQueryData<MessagesData>(queryKeys.channelMessages(channelId)));
}

/** MESSAGE_READ (or a read sent by this client): the channels are read up to their markers. */
export function markChannelsRead(qc: QueryClient, teamId: string | null, reads: readonly { channelId: string; lastReadId: string }[]): void {
  let stale = false;
  update(qc, (state) => {
    const result = applyRead(state, teamId, reads, (channelId) => newestKnown(qc, channelId));
    stale = result.stale.length > 0;
    return result.state;
  });
  if (stale) reloadUnread(qc);
}

/** MESSAGE_UNREAD: the user marked the channel unread from a message (on any of their sessions). */
export function markChannelUnread(qc: QueryClient, mark: Parameters<typeof applyUnreadMark>[1]): void {
  update(qc, (state) => applyUnreadMark(state, mark));
}

/** The team was marked read (DELETE /api/v1/teams/{id}/unread). */
export function markTeamReadInCache(qc: QueryClient, teamId: string): void {
  update(qc, (state) => clearTeam(state, teamId));
}
