/**
 * Largest request body per kind of route, in bytes. Fastify refuses a larger body with 413 before
 * reading it whole, so a route reads no more than it needs (a login is a few hundred bytes, not the
 * megabyte Fastify allows by default). `DEFAULT` is the app's limit for any route that sets none.
 */
export const BODY_LIMIT = {
  DEFAULT: 16 * 1024,
  /** Calls without a body, or with a few ids or flags. */
  SMALL: 2 * 1024,
  /** Login and registration: e-mail, password, captcha payload (≤ 4 KB), a few small fields. */
  AUTH: 8 * 1024,
  /** A message: up to 5,000 characters, each up to 6 bytes as a JSON \u escape, plus nonce and ids. */
  MESSAGE: 64 * 1024,
} as const;
