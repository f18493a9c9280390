import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER } from '@rally/shared/api/common';
import { buildApp } from '../../src/app';
import { testConfig, type Config, type ConfigInput } from '../../src/env';
import type { DatabaseHandle } from '../../src/db/client';
import { openTestDatabase, testRedisPrefix } from './database';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/**
 * The whole app on a real database (PGlite, or PostgreSQL + Redis when DATABASE_URL / REDIS_URL
 * are set). Share one per test file: a fresh database costs seconds.
 */
export async function createTestApp(overrides: Partial<ConfigInput> = {}): Promise<TestContext> {
  const database = await openTestDatabase();
  const config = testConfig({
    REDIS_URL: process.env.REDIS_URL || undefined,
    REDIS_PREFIX: testRedisPrefix(),
    COOKIE_SECRET: 'test-secret-test-secret-test-secret-0123',
    WEB_DIST: '/nonexistent',
    ...overrides,
  });
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** inject with the CSRF header and JSON body, as the web client sends them. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    payload: options.body === undefined ? undefined : JSON.stringify(options.body),
    headers: {
      [CSRF_HEADER]: '1',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
  });
}
