import { z } from 'zod';

/** The value of a JSON text, or null when it is not JSON (a frame from a peer, checked by a schema next). */
export function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A setting written as JSON: the parsed value, for a schema to `.pipe` it into ('must be JSON' otherwise). */
export const jsonSetting = z.string().transform((v, ctx) => {
  try {
    return JSON.parse(v) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be JSON' });
    return z.NEVER;
  }
});
