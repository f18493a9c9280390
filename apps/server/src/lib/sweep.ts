/** A clean-up that runs now and then in each process (expired sessions, uploads due for removal, the mail outbox). */
export interface Sweep {
  /** Run it now (or join the run under way); resolves to how many rows went (0 when it failed: it is reported). */
  run(): Promise<number>;
  /** Stop the timer and wait for a run in progress (before the database closes). */
  stop(): Promise<void>;
}

/**
 * Run `work` shortly after start (`firstDelayMs`), then every `intervalMs` after each run ends, until
 * stopped. One run at a time; a failure goes to `onError`, never thrown, and the next run comes all
 * the same. The timer is unref'd, so it never keeps the process alive. Several processes may each
 * sweep: `work` must be safe to run at once in several (an idempotent delete, rows taken with SKIP LOCKED).
 */
export function startSweep(work: () => Promise<number>, onError: (err: unknown) => void, options: { firstDelayMs: number; intervalMs: number }): Sweep {
  let stopped = false;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const run = (): Promise<number> => {
    running ??= work()
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
      void run().finally(() => schedule(options.intervalMs));
    }, delayMs);
    timer.unref();
  };
  schedule(options.firstDelayMs);

  return {
    run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
