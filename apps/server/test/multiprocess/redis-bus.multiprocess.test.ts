import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { busContract } from '../../src/bus/bus-contract';
import { RedisBus } from '../../src/bus/redis-bus';
import { first, last } from '../helpers/rows';

const { REDIS_URL } = process.env;
if (!REDIS_URL) throw new Error('The RedisBus test needs Redis: set REDIS_URL, e.g. REDIS_URL=redis://127.0.0.1:6379');

/** Two RedisBus instances on one prefix stand for two processes. */
describe('RedisBus', () => {
  const prefix = `rally-test:${randomBytes(6).toString('hex')}:`;
  busContract(async () => Promise.all([RedisBus.connect(REDIS_URL, prefix), RedisBus.connect(REDIS_URL, prefix)]));
  it('says so when envelopes after a position were trimmed from the stream', async () => {
    const bus = await RedisBus.connect(REDIS_URL, `${prefix}trim:`, { maxEntries: 10 });
    try {
      const ids: string[] = [];
      bus.subscribe((_e, id) => ids.push(id));
      const event = { type: 'EMAIL_CHANGED', data: { email: 'u@example.com', verified: true } } as const;
      // MAXLEN ~ trims whole stream nodes (100 entries by default): publish well past one.
      for (let i = 0; i < 300; i++) await bus.publish({ audience: { kind: 'users', userIds: ['u'] }, event });
      const deadline = Date.now() + 5_000;
      while (ids.length < 300 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(ids).toHaveLength(300);
      expect(await bus.readAfter(first(ids), 10)).toBeNull();
      expect((await bus.readAfter(first(ids.slice(-2)), 10))?.map((e) => e.id)).toEqual([last(ids)]);
    } finally {
      await bus.close();
    }
  });

  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });
});
