import type { Executor } from '../../db/client';
import { startSweep, type Sweep } from '../../lib/sweep';
import { deleteExpiredSessions } from './session-repository';

/** How often expired sessions are deleted, and how long after start the first sweep runs. */
export const SESSION_SWEEP_INTERVAL_MS = 3_600_000;
export const SESSION_SWEEP_FIRST_DELAY_MS = 60_000;

/** The expired-session sweep (lib/sweep.ts). */
export type SessionSweep = Sweep;

/**
 * Delete expired sessions now and then: shortly after start, then every interval. An expired
 * session already fails authentication (findSessionUserId compares expires_at); the sweep only
 * keeps the table from growing. Several server processes may each sweep: the DELETE of expired
 * rows is idempotent. The timer is unref'd, so it never keeps the process alive.
 */
export function startSessionSweep(db: Executor, onError: (err: unknown) => void, options: { firstDelayMs?: number; intervalMs?: number } = {}): SessionSweep {
  return startSweep(() => deleteExpiredSessions(db), onError, {
    firstDelayMs: options.firstDelayMs ?? SESSION_SWEEP_FIRST_DELAY_MS,
    intervalMs: options.intervalMs ?? SESSION_SWEEP_INTERVAL_MS,
  });
}
