import type { DispatchEvent } from '@rally/shared/gateway/protocol';

/** Who receives an event. Gateways deliver to their own sockets that match. */
export type Audience =
  /** Sessions subscribed to the channel (members who may view it). */
  | { kind: 'channel'; channelId: string }
  /** Every session of every member of the team. */
  | { kind: 'team'; teamId: string }
  /** Every session of these users. */
  | { kind: 'users'; userIds: string[] };

export interface BusEnvelope {
  audience: Audience;
  event: DispatchEvent;
  /** Process that published it (for diagnostics). */
  origin?: string;
}

export type BusHandler = (envelope: BusEnvelope) => void;

/**
 * Delivers events to every server process. In-process by default; Redis pub/sub when REDIS_URL is
 * set, so that several processes behind a load balancer deliver each other's events.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(envelope: BusEnvelope): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}
