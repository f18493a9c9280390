import type { ClientFrame } from '@rally/shared/gateway/protocol';
import { createContext, useContext } from 'react';
import type { GatewaySnapshot } from './gateway-client';

export interface GatewayContextValue extends GatewaySnapshot {
  /** Send a frame; false when the connection is not ready. */
  send: (frame: ClientFrame) => boolean;
  /** Try again now instead of waiting for the scheduled reconnect. */
  reconnectNow: () => void;
}

const offline: GatewayContextValue = {
  state: 'idle',
  nextRetryAt: null,
  closeCode: null,
  send: () => false,
  reconnectNow: () => {},
};

export const GatewayContext = createContext<GatewayContextValue>(offline);

/** The live connection's state and `send`. Outside a GatewayProvider it reads as idle. */
export function useGateway(): GatewayContextValue {
  return useContext(GatewayContext);
}
