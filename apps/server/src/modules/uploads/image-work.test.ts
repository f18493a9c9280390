import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_LIMITS } from '@rally/shared/api/uploads';
import { makeImage } from '../../../test/helpers/images';
import { reencodeImage } from './image';
import { IMAGE_JOBS, imageWork, THREAD_POOL_SIZE, WorkQueue } from './image-work';

/** A job that runs until its `finish` is called, recording that it started. */
function heldJob(started: string[], name: string) {
  let finish!: (fail?: boolean) => void;
  const job = () =>
    new Promise<string>((resolve, reject) => {
      started.push(name);
      finish = (fail = false) => (fail ? reject(new Error(name)) : resolve(name));
    });
  return { job, finish: (fail?: boolean) => finish(fail) };
}

describe('WorkQueue', () => {
  it('runs at most its limit at once, the others in their order, and a failed job frees its place', async () => {
    const queue = new WorkQueue(2);
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((name) => heldJob(started, name));
    const results = jobs.map(({ job }) => queue.run(job));
    await Promise.resolve();
    expect([started, queue.size]).toEqual([['a', 'b'], { running: 2, waiting: 2 }]);
    jobs[1]!.finish(true);
    await expect(results[1]).rejects.toThrow('b');
    expect([started, queue.size]).toEqual([['a', 'b', 'c'], { running: 2, waiting: 1 }]);
    jobs[0]!.finish();
    jobs[2]!.finish();
    await Promise.all([results[0], results[2]]);
    expect([started, queue.size]).toEqual([['a', 'b', 'c', 'd'], { running: 1, waiting: 0 }]);
    jobs[3]!.finish();
    expect(await results[3]).toBe('d');
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });
});

describe('the image queue', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rally-image-work-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves most of libuv’s thread pool to everything else', () => {
    expect(IMAGE_JOBS).toBeGreaterThanOrEqual(1);
    expect(IMAGE_JOBS).toBeLessThan(THREAD_POOL_SIZE);
  });

  it('takes every re-encoding: of several at once, IMAGE_JOBS run and the others wait', async () => {
    const input = path.join(dir, 'in.png');
    await writeFile(input, await makeImage('png', 64, 64));
    const work = Array.from({ length: IMAGE_JOBS + 3 }, (_, i) => reencodeImage(input, path.join(dir, `out-${i}.png`), 'png', IMAGE_LIMITS.attachment));
    expect(imageWork.size).toEqual({ running: IMAGE_JOBS, waiting: 3 });
    expect(await Promise.all(work)).toEqual(work.map(() => ({ width: 64, height: 64 })));
    expect(imageWork.size).toEqual({ running: 0, waiting: 0 });
  });
});
