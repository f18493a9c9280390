import type { Executor } from '../../db/client';
import { deleteExpiredSessions } from './session-repository';

/** How often expired sessions are deleted, and how long after start the first sweep runs. */
export const SESSION_SWEEP_INTERVAL_MS = 3_600_000;
export const SESSION_SWEEP_FIRST_DELAY_MS = 60_000;

export interface SessionSweep {
  /** Delete the expired sessions now; resolves to how many went (0 when the sweep failed: it is logged). */
  run(): Promise<number>;
  /** Stop the timer and wait for a sweep in progress (before the database closes). */
  stop(): Promise<void>;
}

/**
 * Delete expired sessions now and then: shortly after start, then every interval. An expired
 * session already fails authentication (findSessionUserId compares expires_at); the sweep only
 * keeps the table from growing. Several server processes may each sweep: the DELETE of expired
 * rows is idempotent. The timer is unref'd, so it never keeps the process alive.
 */
export function startSessionSweep(db: Executor, onError: (err: unknown) => void, options: { firstDelayMs?: number; intervalMs?: number } = {}): SessionSweep {
  const intervalMs = options.intervalMs ?? SESSION_SWEEP_INTERVAL_MS;
  let stopped = false;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const run = (): Promise<number> => {
    running ??= deleteExpiredSessions(db)
      .catch((err: unknown) => {
        onError(err);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().finally(() => schedule(intervalMs));
    }, delayMs);
    timer.unref();
  };
  schedule(options.firstDelayMs ?? SESSION_SWEEP_FIRST_DELAY_MS);

  return {
    run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
