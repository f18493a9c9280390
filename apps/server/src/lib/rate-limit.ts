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
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { allowed: w.count <= limit, count: w.count, retryAfterMs: w.resetAt - now };
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
