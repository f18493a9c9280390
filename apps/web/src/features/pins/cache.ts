import type { Pin } from '@rally/shared/api/pins';
import type { DispatchData } from '@rally/shared/gateway/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { applyPinFlag } from '../messages/update-cache';

/**
 * A message was pinned or unpinned (CHANNEL_PINS_UPDATED, or the answer to the reader's own pin):
 * its pin marker in the history; an unpinned one leaves the channel's pins list at once, a new pin
 * has the list read again (it needs the message as the server has it, and the pin's time).
 */
export function pinChanged(qc: QueryClient, { channelId, messageId, pinned }: DispatchData<'CHANNEL_PINS_UPDATED'>): void {
  applyPinFlag(qc, channelId, messageId, pinned);
  if (pinned) {
    void qc.invalidateQueries({ queryKey: queryKeys.pins(channelId), exact: true });
    return;
  }
  qc.setQueryData<Pin[]>(queryKeys.pins(channelId), (old) => old?.filter((p) => p.message.id !== messageId));
}

/** A deleted message leaves the pins list too (the server also says so with CHANNEL_PINS_UPDATED). */
export function pinnedMessageDeleted(qc: QueryClient, channelId: string, messageId: string): void {
  qc.setQueryData<Pin[]>(queryKeys.pins(channelId), (old) => old?.filter((p) => p.message.id !== messageId));
}
