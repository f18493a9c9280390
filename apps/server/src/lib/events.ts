import type { BusEnvelope, EventBus } from '../bus/types';

/** What a service needs to publish events: the bus, and a logger for a publish that fails. */
export interface Publisher {
  bus: EventBus;
  log?: { error: (obj: unknown, msg?: string) => void };
}

/**
 * Publish after the write has committed. A failed publish (the bus did not take it: Redis
 * unreachable) neither undoes the write nor fails the request: the data is committed, so the caller
 * gets its answer. The failure is logged, and the bus publishes a gap for the event's audience as
 * soon as it can (EventBus.reportLost): every session that missed the event then gets
 * INVALID_SESSION, live or when it resumes, and its client starts over with a fresh READY
 * (docs/gateway-protocol.md, "A lost event").
 */
export async function publishEvent(publisher: Publisher, envelope: BusEnvelope): Promise<void> {
  try {
    await publisher.bus.publish(envelope);
  } catch (err) {
    publisher.log?.error({ err, type: envelope.event.type }, 'event publish failed');
    publisher.bus.reportLost(envelope);
  }
}
