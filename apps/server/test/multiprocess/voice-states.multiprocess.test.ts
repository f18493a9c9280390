import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe } from 'vitest';
import { RedisVoiceStates } from '../../src/modules/voice/redis-states';
import { voiceStatesContract } from '../../src/modules/voice/states-contract';
import { dropRedisKeys } from '../helpers/multiprocess';

const { REDIS_URL } = process.env;
if (!REDIS_URL) throw new Error('The RedisVoiceStates test needs Redis: set REDIS_URL, e.g. REDIS_URL=redis://127.0.0.1:6379');

/** The contract of voice states (modules/voice/states-contract.ts) on Redis, each test on a prefix of its own. */
describe('RedisVoiceStates', () => {
  const base = `rally-test:${randomBytes(6).toString('hex')}:`;
  const redis = new Redis(REDIS_URL);
  let n = 0;
  voiceStatesContract(async () => new RedisVoiceStates(redis, `${base}${n++}:`));
  afterAll(async () => {
    redis.disconnect();
    await dropRedisKeys(REDIS_URL, base);
  });
});
