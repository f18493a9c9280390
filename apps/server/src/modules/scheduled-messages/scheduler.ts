import { deliverDue, type DeliveryDeps } from './deliver';

/** Rows claimed per transaction: short transactions (PGlite serialises everything), a backlog drained batch after batch. */
export const SCHEDULER_BATCH = 20;

export interface Scheduler {
  /** Send everything due now, batch after batch (after any run in progress); resolves to how many messages were sent. */
  run(): Promise<number>;
  /** A message was scheduled through this process for `at`: run then, if that is before the next poll. */
  wake(at: Date): void;
  /** Stop polling and wait for a run in progress (before the database closes). */
  stop(): Promise<void>;
}

/**
 * The scheduled-message poller of one server process: every `intervalMs` (SCHEDULER_INTERVAL_MS),
 * and at the time of a message scheduled through this process, it sends what is due (deliver.ts).
 * The rows are in the database, so nothing is lost by a restart: what fell due while no process
 * ran is sent at the first poll after the start. Several processes poll the same table; row locks
 * (FOR UPDATE SKIP LOCKED) make each message go out once. Runs never overlap within a process.
 * A failed run is reported to `onError` and tried again at the next poll. Timers are unref'd.
 */
export function startScheduler(deps: DeliveryDeps, options: { intervalMs: number; onError: (err: unknown) => void }): Scheduler {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  /** When the timer fires (ms since the epoch). */
  let timerAt = Infinity;
  /** The latest run; the next one starts after it. */
  let chain: Promise<number> = Promise.resolve(0);

  const drain = async (): Promise<number> => {
    let sent = 0;
    while (!stopped) {
      const batch = await deliverDue(deps, SCHEDULER_BATCH);
      sent += batch.sent.length;
      if (batch.claimed < SCHEDULER_BATCH) break;
    }
    return sent;
  };

  const run = (): Promise<number> => {
    chain = chain.then(drain).catch((err: unknown) => {
      options.onError(err);
      return 0;
    });
    return chain;
  };

  /** Fire at `at` unless the timer already fires sooner. */
  const schedule = (at: number) => {
    if (stopped || at >= timerAt) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timer = null;
        timerAt = Infinity;
        void run().finally(() => schedule(Date.now() + options.intervalMs));
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
  };
  schedule(Date.now() + options.intervalMs);

  return {
    run,
    wake: (at) => schedule(at.getTime()),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await chain;
    },
  };
}
