import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useGateway } from '../../lib/gateway/gateway-context';
import { useNewestLoadedId } from '../messages/message-queries';
import { markChannelsRead } from './cache';
import { useChannelUnread } from './queries';
import { isNewer } from './unread-state';
import { useIsSeen, useViewingChannel } from './viewing';

/** At most one MESSAGE_READ per channel this often while messages keep arriving (the last one of a burst is sent when it ends). */
export const READ_THROTTLE_MS = 1000;

/**
 * The open chat reads its channel: while the user sees its newest messages (scrolled to the bottom,
 * window focused), MESSAGE_READ goes to the server with the newest message id whenever something
 * is unread or newer than the read marker, and the channel's counters clear at once. Returns the
 * `onAtBottomChange` for the message list.
 */
export function useReadChannel(channelId: string, teamId: string | null): (atBottom: boolean) => void {
  const qc = useQueryClient();
  const { state, send } = useGateway();
  const [atBottom, setAtBottom] = useState(true);
  useViewingChannel(channelId, atBottom);
  const seen = useIsSeen(channelId);
  const entry = useChannelUnread(channelId);
  const newestId = useNewestLoadedId(channelId);
  const lastSentAt = useRef(0);

  const needed = newestId !== undefined && (entry.unread > 0 || entry.mentions > 0 || isNewer(newestId, entry.lastReadId));
  useEffect(() => {
    if (!seen || !needed || newestId === undefined || state !== 'ready') return;
    const read = () => {
      if (!send({ type: 'MESSAGE_READ', data: teamId ? { channelId, teamId, messageId: newestId } : { channelId, messageId: newestId } })) return;
      lastSentAt.current = Date.now();
      markChannelsRead(qc, teamId, [{ channelId, lastReadId: newestId }]);
    };
    const wait = lastSentAt.current + READ_THROTTLE_MS - Date.now();
    if (wait <= 0) {
      read();
      return;
    }
    const timer = setTimeout(read, wait);
    return () => clearTimeout(timer);
  }, [seen, needed, newestId, state, send, qc, channelId, teamId]);

  return setAtBottom;
}
