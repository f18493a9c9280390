import { GapQueue } from './gaps';
import { BUS_START, compareBusIds, type BusEntry, type BusEnvelope, type BusHandler, type BusId, type BusMessage, type EventBus } from './types';

export interface MemoryBusOptions {
  /** How long published envelopes are kept for readAfter (at least the gateway's resume window). */
  retentionMs?: number;
  /** At most this many envelopes are kept. */
  maxEntries?: number;
}

interface Kept extends BusEntry {
  at: number;
}

/** Single-process bus: handlers run synchronously on publish; recent envelopes are kept in memory. */
export class MemoryBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly handlers = new Set<BusHandler>();
  private readonly retentionMs: number;
  private readonly maxEntries: number;
  private log: Kept[] = [];
  /** Index of the oldest kept entry in `log` (entries before it are dropped; compacted now and then). */
  private head = 0;
  private counter = 0;
  /** Highest id dropped from the log. */
  private dropped: BusId = BUS_START;
  private last: BusId = BUS_START;
  private readonly gaps = new GapQueue((gap) => this.publish(gap));

  constructor(options: MemoryBusOptions = {}) {
    this.retentionMs = options.retentionMs ?? 10 * 60_000;
    this.maxEntries = options.maxEntries ?? 20_000;
  }

  async publish(message: BusMessage): Promise<void> {
    const id = `0-${++this.counter}`;
    const now = Date.now();
    this.log.push({ id, message, at: now });
    this.trim(now);
    this.last = id;
    for (const handler of this.handlers) handler(message, id);
  }

  reportLost(envelope: BusEnvelope): void {
    this.gaps.add(envelope);
  }

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  lastId(): BusId {
    return this.last;
  }

  async readAfter(afterId: BusId, count: number): Promise<BusEntry[] | null> {
    if (compareBusIds(afterId, this.dropped) < 0) return null;
    const out: BusEntry[] = [];
    for (let i = this.head; i < this.log.length && out.length < count; i++) {
      const entry = this.log[i]!; // i < log.length
      if (compareBusIds(entry.id, afterId) > 0) out.push({ id: entry.id, message: entry.message });
    }
    return out;
  }

  async close(): Promise<void> {
    this.gaps.stop();
    this.handlers.clear();
    this.log = [];
    this.head = 0;
  }

  private trim(now: number): void {
    const oldest = now - this.retentionMs;
    let oldestKept = this.log[this.head];
    while (oldestKept && (this.log.length - this.head > this.maxEntries || oldestKept.at < oldest)) {
      this.dropped = oldestKept.id;
      oldestKept = this.log[++this.head];
    }
    if (this.head > 1024 && this.head * 2 > this.log.length) {
      this.log = this.log.slice(this.head);
      this.head = 0;
    }
  }
}
