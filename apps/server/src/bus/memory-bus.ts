import type { BusEnvelope, BusHandler, EventBus } from './types';

/** Single-process bus: handlers run synchronously on publish. */
export class MemoryBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly handlers = new Set<BusHandler>();

  async publish(envelope: BusEnvelope): Promise<void> {
    for (const handler of this.handlers) handler(envelope);
  }

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
