import type { BusEnvelope, EventBus } from '../bus/types';

/** What a service needs to publish events: the bus, and a logger for a publish that fails. */
export interface Publisher {
  bus: EventBus;
  log?: { error: (obj: unknown, msg?: string) => void };
}

/**
 * Publish after the write has committed. A failed publish does not undo the write nor fail the
 * request (the client's next load or READY catches up); it is logged.
 */
export async function publishEvent(publisher: Publisher, envelope: BusEnvelope): Promise<void> {
  try {
    await publisher.bus.publish(envelope);
  } catch (err) {
    publisher.log?.error({ err, type: envelope.event.type }, 'event publish failed');
  }
}
