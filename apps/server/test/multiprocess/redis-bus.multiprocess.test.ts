import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe } from 'vitest';
import { busContract } from '../../src/bus/bus-contract';
import { RedisBus } from '../../src/bus/redis-bus';

const { REDIS_URL } = process.env;
if (!REDIS_URL) throw new Error('The RedisBus test needs Redis: set REDIS_URL, e.g. REDIS_URL=redis://127.0.0.1:6379');

/** Two RedisBus instances on one prefix stand for two processes. */
describe('RedisBus', () => {
  const prefix = `rally-test:${randomBytes(6).toString('hex')}:`;
  busContract(async () => Promise.all([RedisBus.connect(REDIS_URL, prefix), RedisBus.connect(REDIS_URL, prefix)]));
  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });
});
