import os from 'node:os';

/**
 * libuv's thread pool: UV_THREADPOOL_SIZE threads (4 unless set; read by libuv when the pool
 * starts), shared by sharp (one thread per image being decoded or encoded), argon2 (every password
 * check), the file system and DNS lookups.
 */
export const THREAD_POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;

/**
 * Images worked on at once, per process: a quarter of the thread pool (1 of the default 4) and
 * half the CPU cores, at least one. Both bounds matter (docs/performance.md, 2026-11-28: four users
 * uploading slow images, 2 cores): with 4 at once on the default pool, argon2 found no free thread
 * and other users' logins took up to 2.3 s (p99 56× the baseline); with a pool of 16 threads and 4
 * at once, or 2 at once, the cores were the bottleneck (login p99 3.6× and 5×); with 1, 1.8×.
 */
export const IMAGE_JOBS = Math.max(1, Math.min(Math.floor(THREAD_POOL_SIZE / 4), Math.floor(os.availableParallelism() / 2)));

/** Runs at most `limit` jobs at once; the others wait their turn, first come first served. */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Jobs running and waiting now. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await job();
    } finally {
      // The slot goes to the next waiting job as it is (running stays counted), or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** The queue every image decode and encode of this process goes through (image.ts reencodeImage). */
export const imageWork = new WorkQueue(IMAGE_JOBS);
