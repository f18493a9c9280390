import { Redis } from 'ioredis';
import { RefusedKeys, type RateLimiter, type RateLimitResult } from './rate-limit';

/** Fixed-window counters in Redis, shared by every server process. */
export class RedisRateLimiter implements RateLimiter {
  private readonly refused = new RefusedKeys();

  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  static async connect(url: string, prefix = 'rally:rl:'): Promise<RedisRateLimiter> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    await redis.connect();
    return new RedisRateLimiter(redis, prefix);
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const k = this.prefix + key;
    const result = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    const ttl = Number(result?.[2]?.[1] ?? windowMs);
    const retryAfterMs = ttl > 0 ? ttl : windowMs;
    if (count > limit) this.refused.remember(key, retryAfterMs);
    return { allowed: count <= limit, count, retryAfterMs };
  }

  refusedFor(key: string): number {
    return this.refused.remaining(key);
  }

  async peek(key: string): Promise<{ count: number; retryAfterMs: number }> {
    const k = this.prefix + key;
    const result = await this.redis.multi().get(k).pttl(k).exec();
    const ttl = Number(result?.[1]?.[1] ?? 0);
    return { count: Number(result?.[0]?.[1] ?? 0), retryAfterMs: ttl > 0 ? ttl : 0 };
  }

  async reset(key: string): Promise<void> {
    this.refused.forget(key);
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => {});
  }
}
