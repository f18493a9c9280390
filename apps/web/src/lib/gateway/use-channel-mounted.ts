import { useEffect } from 'react';
import { useGateway } from './gateway-context';

/** Tell the server which channel is open (CHANNEL_MOUNTED), again after every (re)connection. */
export function useChannelMounted(channelId: string | undefined, teamId: string | undefined): void {
  const { state, send } = useGateway();
  useEffect(() => {
    if (!channelId || state !== 'ready') return;
    send({ type: 'CHANNEL_MOUNTED', data: teamId ? { channelId, teamId } : { channelId } });
  }, [channelId, teamId, state, send]);
}
