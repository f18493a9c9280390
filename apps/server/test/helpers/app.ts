import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { CSRF_HEADER } from '@rally/shared/api/common';
import { buildApp } from '../../src/app';
import { testConfig, type Config, type ConfigInput } from '../../src/env';
import type { Database, DatabaseHandle } from '../../src/db/client';
import type { EventBus } from '../../src/bus/types';
import { openTestDatabase, testRedisPrefix } from './database';
import { EventRecorder } from './events';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Listen on a free port of 127.0.0.1 (withTestApp only). */
  listen?: boolean;
  /** The database the app sees, made from the test database (e.g. loggedDatabase, helpers/query-log.ts). */
  database?: (handle: DatabaseHandle) => Promise<DatabaseHandle>;
  /** The bus the app uses instead of its own (e.g. one whose publishes fail), closed after the app. */
  bus?: () => EventBus;
  /** Where the app's log lines go (with LOG_LEVEL set: tests read what the server logs). */
  logStream?: NodeJS.WritableStream;
}

/**
 * The whole app on a real database (PGlite, or PostgreSQL + Redis when DATABASE_URL / REDIS_URL
 * are set), to close yourself. A test file normally uses withTestApp; this is for a second app
 * with its own config inside a test.
 */
export async function createTestApp(overrides: Partial<ConfigInput> = {}, options: TestAppOptions = {}): Promise<TestContext> {
  const opened = await openTestDatabase();
  const database = options.database ? await options.database(opened) : opened;
  const config = testConfig({
    REDIS_URL: process.env.REDIS_URL || undefined,
    REDIS_PREFIX: testRedisPrefix(),
    COOKIE_SECRET: 'test-secret-test-secret-test-secret-0123',
    WEB_DIST: '/nonexistent',
    // Presence by connection is tested on its own (gateway/presence.test.ts): elsewhere its events would interleave with the frames counted.
    GATEWAY_PRESENCE_ON_CONNECT: 'false',
    // The scheduler is tested on its own (modules/scheduled-messages): elsewhere its polls would join the statements that tests count.
    SCHEDULER_INTERVAL_MS: '3600000',
    // Coalescing profile changes is tested on its own (modules/profiles/fan-out.test.ts): elsewhere each change is told at once.
    PROFILE_COALESCE_MS: '0',
    ...overrides,
  });
  const bus = options.bus?.();
  const app = await buildApp(config, { database, bus, logStream: options.logStream });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await bus?.close();
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

/** What withTestApp gives: filled in by its beforeAll, so read it inside tests and hooks only. */
export interface TestApp {
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly config: Config;
  readonly database: DatabaseHandle;
  /** Every envelope published on app.bus since the app started. */
  readonly events: EventRecorder;
  /** Run `fn` in afterAll, before the app closes (e.g. drop the sockets a test opened). */
  onClose(fn: () => void | Promise<void>): void;
}

/**
 * The per-file setup in one call: registers a beforeAll that builds the app (with config
 * `overrides`, or a function that gives them when the app is built, for values that an earlier
 * beforeAll makes, such as a test server's port; `listen: true` also listens on a free port of
 * 127.0.0.1) and records its bus
 * events, and an afterAll that closes it. Call it at the top of a describe (or of the file).
 */
export function withTestApp(overrides: Partial<ConfigInput> | (() => Partial<ConfigInput>) = {}, options: TestAppOptions = {}): TestApp {
  let ctx: TestContext | null = null;
  const events = new EventRecorder();
  const cleanups: (() => void | Promise<void>)[] = [];
  const ready = (): TestContext => {
    if (!ctx) throw new Error('withTestApp: the app is made in beforeAll; read it inside tests and hooks');
    return ctx;
  };
  beforeAll(async () => {
    ctx = await createTestApp(typeof overrides === 'function' ? overrides() : overrides, options);
    events.attach(ctx.app.bus);
    if (options.listen) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const fn of cleanups.splice(0)) await fn();
    await ctx?.close();
  });
  return {
    get app() {
      return ready().app;
    },
    get db() {
      return ready().app.db;
    },
    get config() {
      return ready().config;
    },
    get database() {
      return ready().database;
    },
    events,
    onClose: (fn) => void cleanups.push(fn),
  };
}
