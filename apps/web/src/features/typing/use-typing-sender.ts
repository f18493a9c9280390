import { TYPING } from '@rally/shared/gateway/typing';
import { useCallback, useRef } from 'react';
import { useGateway } from '../../lib/gateway/gateway-context';

/**
 * Tell the channel the user is typing (CHANNEL_TYPING), at most every TYPING.throttleMs while they
 * type. `typed()` on each edit of a non-empty draft; `sent()` when a message goes, so that the next
 * keystroke says so again at once.
 */
export function useTypingSender(channelId: string, teamId: string | undefined): { typed: () => void; sent: () => void } {
  const { send } = useGateway();
  const lastSent = useRef(-Infinity);
  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING.throttleMs) return;
    if (send({ type: 'CHANNEL_TYPING', data: teamId ? { channelId, teamId } : { channelId } })) lastSent.current = now;
  }, [send, channelId, teamId]);
  const sent = useCallback(() => {
    lastSent.current = -Infinity;
  }, []);
  return { typed, sent };
}
