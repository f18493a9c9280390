import { gapAudienceOf, type BusEnvelope, type BusGap, type GapAudience } from './types';

/** Most gaps waiting at once; past this, one gap for every session replaces them. */
const MAX_WAITING = 1000;
const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5_000;

function audienceKey(audience: GapAudience): string {
  switch (audience.kind) {
    case 'channel':
      return `c:${audience.channelId}`;
    case 'team':
      return `t:${audience.teamId}`;
    case 'users':
      return `u:${[...audience.userIds].sort().join(',')}`;
    case 'circle':
      return `o:${[...audience.teamIds].sort().join(',')}:${[...audience.userIds].sort().join(',')}`;
    case 'all':
      return 'all';
  }
}

/**
 * The gaps a bus still has to publish: after a publish failed, a BusGap for the lost event's
 * audience is published as soon as the bus takes it (retried with a growing delay, up to 5 s), so
 * that the sessions that missed the event learn it (docs/gateway-protocol.md, "A lost event").
 * Gaps of one audience are merged; too many distinct ones become one gap for everyone.
 */
export class GapQueue {
  private readonly waiting = new Map<string, BusGap>();
  private timer: NodeJS.Timeout | null = null;
  private delayMs = FIRST_RETRY_MS;
  private flushing = false;
  private stopped = false;

  constructor(
    private readonly publish: (gap: BusGap) => Promise<void>,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  add(envelope: BusEnvelope): void {
    if (this.stopped || this.waiting.has('all')) return;
    let audience = gapAudienceOf(envelope.audience);
    if (this.waiting.size >= MAX_WAITING && !this.waiting.has(audienceKey(audience))) {
      this.waiting.clear();
      audience = { kind: 'all' };
    }
    this.waiting.set(audienceKey(audience), { gap: { audience, type: envelope.event.type } });
    this.schedule();
  }

  /** How many gaps are still to be published. */
  get size(): number {
    return this.waiting.size;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.waiting.clear();
  }

  /** Before the bus closes: one last attempt at what still waits (a process that exits would take it along), then stop. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.stopped = true;
    for (const gap of this.waiting.values()) {
      try {
        await this.publish(gap);
      } catch (err) {
        this.onError(err);
        break;
      }
    }
    this.waiting.clear();
  }

  private schedule(): void {
    if (this.timer || this.flushing || this.stopped) return;
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    this.timer = null;
    this.flushing = true;
    try {
      for (const [key, gap] of this.waiting) {
        await this.publish(gap);
        if (this.waiting.get(key) === gap) this.waiting.delete(key);
      }
      this.delayMs = FIRST_RETRY_MS;
    } catch (err) {
      this.onError(err);
      this.delayMs = Math.min(this.delayMs * 2, LAST_RETRY_MS);
    } finally {
      this.flushing = false;
    }
    if (this.waiting.size > 0) this.schedule();
  }
}
