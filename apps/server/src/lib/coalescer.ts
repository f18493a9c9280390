/**
 * Bursts of changes coalesced per key (a user), so that what they fan out to others costs at most
 * one run per window whatever their rate (profile changes, modules/profiles/updates.ts; voice
 * states, sfu/signaling.ts): the first change of a quiet key runs at once (its caller waits for it,
 * so a lone change is told without delay) and opens a window; the changes within it are merged
 * (`merge`, the later one's fields winning) and run once at its end, which opens the next window,
 * so a steady flood runs once per window. A `delayMs` of 0 coalesces nothing: every change runs at
 * once. Per process: with several processes, each coalesces its own callers' changes. (Presence
 * gathers the changes of all users of a window into one run instead: gateway/presence-tracker.ts.)
 */
export interface CoalescerOptions<T> {
  delayMs: number;
  /** The pending change with a later one folded in. */
  merge: (pending: T, next: T) => T;
}

interface Window<T> {
  timer: NodeJS.Timeout;
  /** Changes made within the window, merged, waiting for its end. */
  pending: { value: T } | null;
}

export class Coalescer<T> {
  private readonly windows = new Map<string, Window<T>>();
  private readonly running = new Set<Promise<void>>();

  /** `run` must not reject: it handles (logs) its own failures. */
  constructor(
    private readonly run: (key: string, value: T) => Promise<void>,
    private readonly options: CoalescerOptions<T>,
  ) {}

  /** A change of `key`. Resolves once it has run when it runs at once (a quiet key), else at once. */
  changed(key: string, value: T): Promise<void> {
    const window = this.windows.get(key);
    if (window) {
      window.pending = { value: window.pending ? this.options.merge(window.pending.value, value) : value };
      return Promise.resolve();
    }
    if (this.options.delayMs === 0) return this.start(key, value);
    this.open(key, null);
    return this.start(key, value);
  }

  /** Run every waiting change now and wait for every run (shutdown, tests). */
  async drain(): Promise<void> {
    for (const key of [...this.windows.keys()]) this.close(key, false);
    await Promise.all(this.running);
  }

  private open(key: string, pending: Window<T>['pending']): void {
    const timer = setTimeout(() => this.close(key, true), this.options.delayMs);
    timer.unref();
    this.windows.set(key, { timer, pending });
  }

  /** End the key's window: run its waiting change, and (`reopen`) open the next window behind that run. */
  private close(key: string, reopen: boolean): void {
    const window = this.windows.get(key);
    if (!window) return;
    clearTimeout(window.timer);
    this.windows.delete(key);
    if (!window.pending) return;
    if (reopen) this.open(key, null);
    void this.start(key, window.pending.value);
  }

  private start(key: string, value: T): Promise<void> {
    const run = this.run(key, value).finally(() => this.running.delete(run));
    this.running.add(run);
    return run;
  }
}
