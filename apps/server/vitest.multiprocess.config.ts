import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The multi-process suite: real server processes sharing PostgreSQL and Redis. Needs DATABASE_URL
 * and REDIS_URL (it fails without them). Run: npx vitest run --config apps/server/vitest.multiprocess.config.ts
 */
export default defineConfig({
  root,
  test: {
    include: ['apps/server/test/multiprocess/**/*.multiprocess.test.ts'],
    // The migrated template database that the suite's database is cloned from (test/helpers/database.ts).
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
