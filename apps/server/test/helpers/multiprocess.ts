import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { TestClient } from '../../src/gateway/testing';
import type { ServerProcess } from './server-process';

/** What the server processes of one multi-process test file share. */
export interface SharedSettings {
  DATABASE_URL: string;
  REDIS_URL: string;
  /** The same secret on every process (a cookie signed by one is read by the others). */
  COOKIE_SECRET: string;
  /** Redis keys and the event stream of this file only. */
  REDIS_PREFIX: string;
}

/**
 * The settings of a multi-process test file: PostgreSQL and Redis from the environment (the suite
 * fails without them), a cookie secret and a Redis prefix of its own (drop its keys with
 * dropRedisKeys after the file).
 */
export function sharedSettings(): SharedSettings {
  const { DATABASE_URL, REDIS_URL } = process.env;
  if (!DATABASE_URL || !REDIS_URL) {
    throw new Error(
      'The multi-process suite needs PostgreSQL and Redis: set DATABASE_URL (a server where it may create and drop a database) and REDIS_URL, ' +
        'e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379',
    );
  }
  return {
    DATABASE_URL,
    REDIS_URL,
    COOKIE_SECRET: `mp-secret-${randomBytes(16).toString('hex')}`,
    REDIS_PREFIX: `rally-mp-${randomBytes(6).toString('hex')}:`,
  };
}

/** Delete every Redis key under `prefix`. */
export async function dropRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** A gateway socket of `who` on a server process, once READY (kept in `clients`, which the test closes). */
export async function readyOn(server: ServerProcess, who: { cookie: string }, clients: TestClient[]): Promise<TestClient> {
  const client = TestClient.connect(`ws://127.0.0.1:${server.port}/api/v1/ws`, { cookie: who.cookie });
  clients.push(client);
  await client.opened;
  client.send({ type: 'HEARTBEAT', data: { seq: null } });
  await client.next('READY', 15_000);
  return client;
}
