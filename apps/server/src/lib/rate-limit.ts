import type { UserRateLimitName } from '@rally/shared/api/endpoint';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterMs: number;
}

/** The counter of a per-user limit (RATE_LIMITS of packages/shared/src/limits.ts) for one user. */
export const userRateKey = (name: UserRateLimitName, userId: string) => `user-rate:${name}:${userId}`;

/** Fixed-window counters. In memory by default; in Redis when REDIS_URL is set (shared by processes). */
export interface RateLimiter {
  /** Count one hit on `key`; allowed while the count within the window is at most `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Current count without adding a hit, and how long until its window ends (0: no window). */
  peek(key: string): Promise<{ count: number; retryAfterMs: number }>;
  /**
   * Without a round trip: how long until `key`, refused by a hit of this process, may be hit again
   * (0 when this process saw no refusal in a window still running). Another process learns of a
   * refusal at its own first refused hit.
   */
  refusedFor(key: string): number;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The keys this process saw refused, and until when: what `refusedFor` answers. Bounded by the keys
 * refused within their windows (a key goes when its window has ended, at its next lookup or at the
 * sweep that a full table triggers).
 */
export class RefusedKeys {
  private readonly until = new Map<string, number>();

  constructor(private readonly sweepAt = 10_000) {}

  remember(key: string, retryAfterMs: number, now = Date.now()): void {
    if (this.until.size >= this.sweepAt) for (const [k, end] of this.until) if (end <= now) this.until.delete(k);
    this.until.set(key, now + retryAfterMs);
  }

  remaining(key: string, now = Date.now()): number {
    const end = this.until.get(key);
    if (end === undefined) return 0;
    if (end > now) return end - now;
    this.until.delete(key);
    return 0;
  }

  forget(key: string): void {
    this.until.delete(key);
  }
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number; refused: boolean }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs, refused: false };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (w.count > limit) w.refused = true;
    return { allowed: w.count <= limit, count: w.count, retryAfterMs: w.resetAt - now };
  }

  refusedFor(key: string): number {
    const w = this.windows.get(key);
    const now = Date.now();
    return w && w.resetAt > now && w.refused ? w.resetAt - now : 0;
  }

  async peek(key: string): Promise<{ count: number; retryAfterMs: number }> {
    const w = this.windows.get(key);
    const now = Date.now();
    return w && w.resetAt > now ? { count: w.count, retryAfterMs: w.resetAt - now } : { count: 0, retryAfterMs: 0 };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
