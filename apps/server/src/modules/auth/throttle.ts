import type { RateLimiter } from '../../lib/rate-limit';
import { tooManyRequests } from '../../lib/errors';

/** Count one attempt on `key`; a 429 with Retry-After once the window's limit is passed. */
export async function countAttempt(limiter: RateLimiter, key: string, rate: { count: number; windowMs: number }): Promise<void> {
  const result = await limiter.hit(key, rate.count, rate.windowMs);
  if (!result.allowed) throw tooManyRequests(result.retryAfterMs);
}

/** Failed logins are counted per email (case-insensitive) and per client address for 15 minutes. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

export interface LoginFailureKeys {
  email: string;
  address: string;
}

export const loginFailureKeys = (email: string, address: string): LoginFailureKeys => ({
  email: `login-fail:email:${email.toLowerCase()}`,
  address: `login-fail:ip:${address}`,
});

/** The larger of the two failure counts. */
export async function recentLoginFailures(limiter: RateLimiter, keys: LoginFailureKeys): Promise<number> {
  const [byEmail, byAddress] = await Promise.all([limiter.peek(keys.email), limiter.peek(keys.address)]);
  return Math.max(byEmail.count, byAddress.count);
}

export async function recordLoginFailure(limiter: RateLimiter, keys: LoginFailureKeys): Promise<void> {
  // The limit passed to hit() does not matter: only the count is read.
  await Promise.all([
    limiter.hit(keys.email, Number.MAX_SAFE_INTEGER, LOGIN_FAILURE_WINDOW_MS),
    limiter.hit(keys.address, Number.MAX_SAFE_INTEGER, LOGIN_FAILURE_WINDOW_MS),
  ]);
}
