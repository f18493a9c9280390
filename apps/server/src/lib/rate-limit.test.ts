import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRateLimiter, RefusedKeys } from './rate-limit';

describe('MemoryRateLimiter', () => {
  const limiter = new MemoryRateLimiter();
  afterEach(() => limiter.close());

  it('counts hits per key within the window, and refusedFor knows a refused key until its window ends', async () => {
    expect((await limiter.hit('a', 2, 60_000)).allowed).toBe(true);
    expect((await limiter.hit('a', 2, 60_000)).allowed).toBe(true);
    // At the limit, not past it: nothing refused yet.
    expect(limiter.refusedFor('a')).toBe(0);
    const third = await limiter.hit('a', 2, 60_000);
    expect(third).toMatchObject({ allowed: false, count: 3 });
    expect(limiter.refusedFor('a')).toBeGreaterThan(0);
    expect(limiter.refusedFor('a')).toBeLessThanOrEqual(60_000);
    expect(limiter.refusedFor('b')).toBe(0);
    await limiter.reset('a');
    expect(limiter.refusedFor('a')).toBe(0);
    expect(await limiter.peek('a')).toEqual({ count: 0, retryAfterMs: 0 });
  });
});

describe('RefusedKeys', () => {
  it('answers the time left of a remembered refusal, forgets it when its window ends or on forget', () => {
    const keys = new RefusedKeys();
    keys.remember('a', 1_000, 10_000);
    expect(keys.remaining('a', 10_400)).toBe(600);
    expect(keys.remaining('a', 11_000)).toBe(0);
    keys.remember('b', 1_000, 10_000);
    keys.forget('b');
    expect(keys.remaining('b', 10_001)).toBe(0);
  });

  it('sweeps the ended windows when the table is full, keeping the running ones', () => {
    const keys = new RefusedKeys(2);
    keys.remember('ended', 10, 0);
    keys.remember('running', 1_000, 0);
    keys.remember('new', 1_000, 500);
    expect(keys.remaining('running', 600)).toBe(400);
    expect(keys.remaining('new', 600)).toBe(900);
    expect(keys.remaining('ended', 600)).toBe(0);
  });
});
