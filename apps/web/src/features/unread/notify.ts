import type { Message } from '@rally/shared/api/messages';
import type { Member, Team } from '@rally/shared/api/teams';
import { Presence, type MeResponse } from '@rally/shared/api/users';
import { toPlainText } from '@rally/shared/markdown/plain-text';
import type { QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { openAppPath } from '../../lib/app-navigation';
import { queryKeys } from '../../lib/query-keys';
import type { TeamChannelsData } from '../teams/channel-queries';
import { playSound } from './sounds';
import { isSeen } from './viewing';

/** Longest notification body (the rest is cut with an ellipsis). */
const BODY_MAX = 140;

/** Do not disturb: chosen, or shown. */
function doNotDisturb(me: MeResponse): boolean {
  return me.user.presence === Presence.DND || me.settings.presence === Presence.DND;
}

/** The message as readable text: mentions and channel links by name where this client knows them; a message of files only names them. */
export function notificationBody(qc: QueryClient, message: Pick<Message, 'content'> & Partial<Pick<Message, 'attachments'>>, teamId: string | null): string {
  const files = message.attachments?.length ?? 0;
  if (message.content.trim() === '' && files > 0) return i18n.t('unread:attachments', { count: files });
  const members = teamId ? qc.getQueryData<Member[]>(queryKeys.teamMembers(teamId)) : undefined;
  const channels = teamId ? qc.getQueryData<TeamChannelsData>(queryKeys.teamChannels(teamId))?.channels : undefined;
  const text = toPlainText(message.content, {
    user: (id) => members?.find((m) => m.id === id)?.username,
    channel: (id) => channels?.find((c) => c.id === id)?.name,
  });
  return text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text;
}

/**
 * 001 §4 Notifications: a message in another channel, or while the window is not focused, shows a
 * desktop notification (one per channel: a newer one replaces it) and plays the mention sound when
 * it mentions the user — unless the user sent it or is in do-not-disturb. Clicking it focuses the
 * window on the channel.
 */
export function notifyOfMessage(qc: QueryClient, message: Message, where: { teamId: string | null; mentioned: boolean }): void {
  const me = qc.getQueryData<MeResponse | null>(queryKeys.me);
  if (!me || message.createdBy.id === me.user.id || doNotDisturb(me) || isSeen(message.channelId)) return;
  if (where.mentioned) playSound('mention');
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const team = where.teamId ? qc.getQueryData<Team[]>(queryKeys.teams)?.find((t) => t.id === where.teamId) : undefined;
  const channel = where.teamId
    ? qc.getQueryData<TeamChannelsData>(queryKeys.teamChannels(where.teamId))?.channels.find((c) => c.id === message.channelId)
    : undefined;
  const title = channel && team ? `${message.createdBy.username} (#${channel.name}, ${team.name})` : message.createdBy.username;
  const notification = new Notification(title, {
    body: notificationBody(qc, message, where.teamId),
    tag: `channel:${message.channelId}`,
    icon: message.createdBy.profilePicture ?? '/favicon.svg',
  });
  const path = where.teamId ? `/teams/${where.teamId}/channels/${message.channelId}` : `/chat/${message.channelId}`;
  notification.onclick = () => {
    window.focus();
    openAppPath(path);
    notification.close();
  };
}
