import type { Pin } from '@rally/shared/api/pins';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** A channel's or chat's pinned messages, newest pin first; read while the pins panel is open, kept current by CHANNEL_PINS_UPDATED. */
export function usePins(channelId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.pins(channelId),
    queryFn: async ({ signal }): Promise<Pin[]> => (await call('listPins', { params: { channelId } }, { signal })).pins,
    enabled,
  });
}
