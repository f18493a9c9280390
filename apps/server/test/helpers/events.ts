import type { DispatchType } from '@rally/shared/gateway/protocol';
import { isGap, type BusEnvelope, type BusGap, type EventBus } from '../../src/bus/types';

/** The envelopes of one event type, narrowed. */
export type EnvelopeOf<T extends DispatchType> = Extract<BusEnvelope, { event: { type: T } }>;

/**
 * Every envelope published on a bus since it was attached, in bus order. `mark()` before an action
 * and pass it as `since` to look only at what came after.
 */
export class EventRecorder {
  readonly all: BusEnvelope[] = [];
  private waiters = new Set<() => void>();

  /** The gaps published (after a failed publish), in bus order. */
  readonly gaps: BusGap[] = [];

  /** Subscribe to `bus`; returns the unsubscribe function. */
  attach(bus: EventBus): () => void {
    return bus.subscribe((message) => {
      if (isGap(message)) this.gaps.push(message);
      else this.all.push(message);
      for (const wake of this.waiters) wake();
    });
  }

  /** A position to pass as `since`: only envelopes recorded after this call. */
  mark(): number {
    return this.all.length;
  }

  /** Envelopes of `type` recorded after `since` (default: all), optionally matching `where`. */
  ofType<T extends DispatchType>(type: T, options: { since?: number; where?: (envelope: EnvelopeOf<T>) => boolean } = {}): EnvelopeOf<T>[] {
    return this.all
      .slice(options.since ?? 0)
      .filter((e): e is EnvelopeOf<T> => e.event.type === type)
      .filter((e) => !options.where || options.where(e));
  }

  /** The first envelope of `type` after `since` matching `where`; waits for it (bus delivery may be asynchronous, e.g. Redis). */
  async waitFor<T extends DispatchType>(
    type: T,
    options: { since?: number; where?: (envelope: EnvelopeOf<T>) => boolean; timeoutMs?: number } = {},
  ): Promise<EnvelopeOf<T>> {
    const timeoutMs = options.timeoutMs ?? 5_000;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [found] = this.ofType(type, options);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no ${type} event within ${timeoutMs} ms; recorded: ${JSON.stringify(this.all.slice(options.since ?? 0).map((e) => e.event.type))}`);
      await new Promise<void>((resolve) => {
        const wake = () => (clearTimeout(timer), this.waiters.delete(wake), resolve());
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }
}
