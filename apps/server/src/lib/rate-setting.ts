import { z } from 'zod';

/** A rate limit: at most `count` in each window of `windowMs`. */
export interface Rate {
  count: number;
  windowMs: number;
}

/** A rate limit written as "COUNT/SECONDS", e.g. "10/3600" (env.ts, and the SFU's own settings, sfu/config.ts). */
export const rateSetting = z
  .string()
  .regex(/^\d+\/\d+$/, 'must look like COUNT/SECONDS, e.g. 10/3600')
  .transform((v): Rate => {
    const slash = v.indexOf('/');
    return { count: Number(v.slice(0, slash)), windowMs: Number(v.slice(slash + 1)) * 1000 };
  });

/** A rate written back as its setting (passed to a child process's environment). */
export const rateText = (rate: Rate): string => `${rate.count}/${Math.round(rate.windowMs / 1000)}`;
