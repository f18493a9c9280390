import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './fixtures/chromium';
import { CAPTCHA_MAX_NUMBER, COOKIE_SECRET, SERVER_PORT, SERVER_URL, runDataDir } from './fixtures/server';

/**
 * End-to-end tests: the real server (built web client, embedded PGlite in a fresh data directory)
 * driven through Debian's Chromium. Build the client first (`npm run build`; `npm test` does).
 * Never `npx playwright install`: the browser is /usr/bin/chromium.
 *
 * Every test runs in parallel with the others, two at a time (the machines have two cores), against
 * the one server: the fixtures of fixtures/test.ts make each test's users and teams its own.
 */
export default defineConfig({
  testDir: './specs',
  outputDir: './artifacts/test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: './artifacts/results.json' }], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  globalSetup: './fixtures/global-setup.ts',
  use: {
    baseURL: SERVER_URL,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    video: 'off',
    locale: 'en-US',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx apps/server/src/server.ts',
    cwd: '..',
    url: `${SERVER_URL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(SERVER_PORT),
      // PUBLIC_URL is left unset: its default, http://HOST:PORT, is SERVER_URL (e2e/specs/pages/legal.spec.ts checks it).
      DATA_DIR: runDataDir(),
      COOKIE_SECRET,
      CAPTCHA_MAX_NUMBER: String(CAPTCHA_MAX_NUMBER),
      // Every test registers from 127.0.0.1.
      RATE_LIMIT_REGISTER: '1000/3600',
      RATE_LIMIT_LOGIN: '1000/300',
      RATE_LIMIT_PASSWORD_RESET: '1000/3600',
      // The wrong passwords some specs type must not make the others' sign-ins (API ones included)
      // need the captcha: it is required per address after this many failures (tested by the server's tests).
      LOGIN_FAILURES_BEFORE_CAPTCHA: '1000',
      // The mails (password reset) go to the outbox, whose page (/dev/outbox) the browser reads from 127.0.0.1.
      SMTP_URL: '',
      DEV_PAGES: '',
      LOG_LEVEL: 'warn',
      // One screen share per voice channel, so that specs/voice/screen.spec.ts reaches the limit with two members.
      VOICE_MAX_SCREENSHARES: '1',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  },
});
