import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // The multi-process suite needs PostgreSQL + Redis and runs on its own (apps/server/vitest.multiprocess.config.ts).
    exclude: [...configDefaults.exclude, '**/*.multiprocess.test.ts'],
    // Migrates the database template once per run; each test file's database is a clone of it.
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
