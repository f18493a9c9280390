import { Redis } from 'ioredis';
import type { BusEnvelope, BusHandler, EventBus } from './types';

/**
 * Redis pub/sub bus: every process publishes to one channel and delivers what it receives
 * (its own events included, so that delivery has one path).
 */
export class RedisBus implements EventBus {
  readonly kind = 'redis' as const;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Set<BusHandler>();
  private readonly channel: string;

  private constructor(url: string, prefix: string) {
    this.channel = `${prefix}events`;
    this.pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.sub = new Redis(url, { lazyConnect: true });
    this.sub.on('message', (_channel: string, payload: string) => {
      let envelope: BusEnvelope;
      try {
        envelope = JSON.parse(payload) as BusEnvelope;
      } catch {
        return;
      }
      for (const handler of this.handlers) handler(envelope);
    });
  }

  static async connect(url: string, prefix = 'rally:'): Promise<RedisBus> {
    const bus = new RedisBus(url, prefix);
    await Promise.all([bus.pub.connect(), bus.sub.connect()]);
    await bus.sub.subscribe(bus.channel);
    return bus;
  }

  async publish(envelope: BusEnvelope): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(envelope));
  }

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
