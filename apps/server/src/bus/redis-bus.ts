import { Redis } from 'ioredis';
import { GapQueue } from './gaps';
import { BUS_START, compareBusIds, type BusEntry, type BusEnvelope, type BusHandler, type BusId, type BusMessage, type EventBus } from './types';

export interface RedisBusOptions {
  /** Approximate number of envelopes the stream keeps (XADD MAXLEN ~). */
  maxEntries?: number;
  /** The stream key expires after this long without a publish (so that test prefixes vanish). */
  idleExpiryMs?: number;
  /** Longest a blocking read waits before it looks again (bounds the time close() takes). */
  blockMs?: number;
}

type StreamEntries = [id: string, fields: string[]][];

/**
 * Redis bus on one stream, `<prefix>events`: publish is XADD; every process reads the stream with a
 * blocking XREAD on a connection of its own and delivers what it reads (its own events included, so
 * that delivery has one path). Unlike pub/sub, a stream gives every envelope a position that all
 * processes agree on and keeps recent envelopes, which is what lets a gateway session resume on any
 * process (see docs/gateway-protocol.md, "Resume across processes").
 */
export class RedisBus implements EventBus {
  readonly kind = 'redis' as const;
  /** Connection for ordinary commands (XADD, XRANGE); other parts may share it (gateway session store). */
  readonly commands: Redis;
  private readonly reader: Redis;
  private readonly handlers = new Set<BusHandler>();
  readonly stream: string;
  private readonly maxEntries: number;
  private readonly idleExpiryMs: number;
  private readonly blockMs: number;
  private last: BusId = BUS_START;
  private closed = false;
  private loop: Promise<void> = Promise.resolve();
  private readonly gaps = new GapQueue(
    (gap) => this.publish(gap),
    (err) => console.error('redis bus: a gap could not be published yet', err),
  );

  private constructor(url: string, prefix: string, options: RedisBusOptions) {
    this.stream = `${prefix}events`;
    this.maxEntries = options.maxEntries ?? 100_000;
    this.idleExpiryMs = options.idleExpiryMs ?? 3_600_000;
    this.blockMs = options.blockMs ?? 2_000;
    this.commands = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.reader = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  }

  static async connect(url: string, prefix = 'rally:', options: RedisBusOptions = {}): Promise<RedisBus> {
    const bus = new RedisBus(url, prefix, options);
    await Promise.all([bus.commands.connect(), bus.reader.connect()]);
    // Start after the newest entry: earlier ones belong to sessions of other processes' past.
    const newest = (await bus.commands.xrevrange(bus.stream, '+', '-', 'COUNT', 1)) as StreamEntries;
    const [newestEntry] = newest;
    if (newestEntry) bus.last = newestEntry[0];
    bus.loop = bus.readLoop();
    return bus;
  }

  async publish(message: BusMessage): Promise<void> {
    const results = await this.commands
      .pipeline()
      .xadd(this.stream, 'MAXLEN', '~', this.maxEntries, '*', 'e', JSON.stringify(message))
      .pexpire(this.stream, this.idleExpiryMs)
      .exec();
    const failure = results?.find(([err]) => err)?.[0];
    if (failure) throw failure;
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
    const [trim, entries] = await Promise.all([
      this.trimState(),
      this.commands.xrange(this.stream, `(${afterId}`, '+', 'COUNT', count) as Promise<StreamEntries>,
    ]);
    if (trim.missing) {
      // The stream expired: what this process saw after afterId is gone.
      if (compareBusIds(afterId, this.last) < 0) return null;
    } else if (trim.oldestKept !== null && compareBusIds(trim.oldestKept, afterId) > 0) {
      // The oldest kept entry is after afterId and entries were trimmed: some after afterId may be
      // gone (conservative: when afterId was exactly the last one trimmed, nothing is).
      return null;
    }
    return entries.flatMap(([id, fields]) => {
      const message = parseMessage(fields);
      return message ? [{ id, message }] : [];
    });
  }

  /**
   * Whether the stream exists, and if so its oldest entry kept when it has been trimmed, null when it
   * never was (Redis 7 XINFO: entries-added against length).
   */
  private async trimState(): Promise<{ missing: true } | { missing: false; oldestKept: BusId | null }> {
    let info: unknown[];
    try {
      info = (await this.commands.xinfo('STREAM', this.stream)) as unknown[];
    } catch (err) {
      if (err instanceof Error && /no such key/i.test(err.message)) return { missing: true };
      throw err;
    }
    const field = (name: string) => {
      const at = info.indexOf(name);
      if (at < 0) throw new Error(`XINFO STREAM has no ${name}: Redis 7 or later is needed`);
      return info[at + 1];
    };
    if (Number(field('entries-added')) <= Number(field('length'))) return { missing: false, oldestKept: null };
    const first = field('first-entry') as [string, string[]] | null;
    return { missing: false, oldestKept: first ? first[0] : null };
  }

  async close(): Promise<void> {
    await this.gaps.close();
    this.closed = true;
    this.handlers.clear();
    this.reader.disconnect();
    await this.loop.catch(() => {});
    await this.commands.quit().catch(() => {});
  }

  private async readLoop(): Promise<void> {
    while (!this.closed) {
      let reply: [stream: string, entries: StreamEntries][] | null;
      try {
        reply = await this.reader.xread('COUNT', 1000, 'BLOCK', this.blockMs, 'STREAMS', this.stream, this.last);
      } catch (err) {
        if (this.closed) return;
        console.error('redis bus: read failed', err);
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      // One stream was read: the reply has its entries, or is null when the block timed out.
      const entries = reply?.[0]?.[1];
      if (!entries) continue;
      for (const [id, fields] of entries) {
        this.last = id;
        const message = parseMessage(fields);
        if (!message) continue;
        for (const handler of this.handlers) {
          try {
            handler(message, id);
          } catch (err) {
            console.error('redis bus: handler failed', err);
          }
        }
      }
    }
  }
}

function parseMessage(fields: string[]): BusMessage | null {
  // Fields come as a flat [name, value, name, value, …] list.
  const index = fields.indexOf('e');
  const value = index < 0 ? undefined : fields[index + 1];
  if (value === undefined) return null;
  try {
    return JSON.parse(value) as BusMessage;
  } catch {
    return null;
  }
}
