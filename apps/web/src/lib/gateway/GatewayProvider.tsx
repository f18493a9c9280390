import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createDispatcher } from './dispatcher';
import type { LiveEvents } from './event-handlers';
import { GatewayClient, gatewayUrl } from './gateway-client';
import { GatewayContext, type GatewayContextValue } from './gateway-context';

/**
 * Owns the live connection of the signed-in user: connects on mount, disconnects on unmount, and
 * routes every event through the dispatcher to the features' handlers (`live`). The shell mounts it
 * only for a signed-in user, with its table of every feature's handlers.
 */
export function GatewayProvider({ live, children }: { live: LiveEvents; children: ReactNode }) {
  const qc = useQueryClient();
  const [client] = useState(() => {
    const dispatcher = createDispatcher(qc, live);
    return new GatewayClient({
      url: () => gatewayUrl(window.location),
      onReady: (data) => dispatcher.ready(data),
      onDispatch: (event) => dispatcher.dispatch(event),
      onSessionLost: () => dispatcher.sessionLost(),
      onTerminated: (code) => dispatcher.terminated(code),
    });
  });

  useEffect(() => {
    client.connect();
    const online = () => client.reconnectNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      client.disconnect();
    };
  }, [client]);

  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot);
  const send = useCallback<GatewayContextValue['send']>((frame) => client.send(frame), [client]);
  const reconnectNow = useCallback(() => client.reconnectNow(), [client]);
  const value = useMemo<GatewayContextValue>(() => ({ ...snapshot, send, reconnectNow }), [snapshot, send, reconnectNow]);
  return <GatewayContext.Provider value={value}>{children}</GatewayContext.Provider>;
}
