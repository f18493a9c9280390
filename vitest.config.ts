import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * A server test file meets a database or Redis (and so runs on each backend) when it uses the test
 * app, a test database or template, or reads DATABASE_URL / REDIS_URL itself. Read from the files,
 * so that a new test lands in the right project without being listed.
 */
const BACKEND_FACING = /\b(?:withTestApp|openTestDatabase|DATABASE_URL|REDIS_URL)\b|helpers\/(?:app|database|template)\b/;

function serverTestFiles(): string[] {
  const dir = path.join(root, 'apps/server');
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.multiprocess.test.ts') && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.posix.join('apps/server', file.split(path.sep).join('/')));
}

const serverTests = serverTestFiles();
const integration = serverTests.filter((file) => BACKEND_FACING.test(fs.readFileSync(path.join(root, file), 'utf8')));
const serverUnit = serverTests.filter((file) => !integration.includes(file));

/**
 * Two projects. `unit` (shared, web, scripts, and the server tests that meet no backend) runs once,
 * in `npm test`; `integration` (the server tests that meet the database, the bus or the limiter)
 * runs there on PGlite and again in `npm run test:pg` on PostgreSQL + Redis (`--project integration`).
 * The multi-process suite runs on its own (apps/server/vitest.multiprocess.config.ts).
 */
export default defineConfig({
  test: {
    exclude: [...configDefaults.exclude, '**/*.multiprocess.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts', ...serverUnit],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: integration,
          // Migrates the database template once per run; each test file's database is a clone of it.
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
