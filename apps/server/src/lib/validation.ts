import type { z } from 'zod';
import { isErrorCode, type ErrorCode } from '@rally/shared/i18n/errors';
import { AppError } from './errors';

/** What the error shape needs of a validation issue (a zod issue, or one that Fastify's validator passed on). */
export interface IssueLike {
  path: readonly PropertyKey[];
  code: string;
  message: string;
  maximum?: unknown;
}

/**
 * Validation issues as the API's 400: field errors keyed by the first path segment; the first
 * issue's code is the overall message. A length issue's limit is the message's {max}.
 */
export function validationError(issues: readonly IssueLike[]): AppError {
  const fields: Record<string, ErrorCode> = {};
  const vars: Record<string, number> = {};
  for (const issue of issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_';
    const code: ErrorCode = isErrorCode(issue.message) ? issue.message : 'invalid_request';
    if (field in fields) continue;
    fields[field] = code;
    // Messages such as message_too_long name the limit: {max}.
    if (issue.code === 'too_big' && !('max' in vars)) vars.max = Number(issue.maximum);
  }
  const first = Object.values(fields)[0] ?? 'invalid_request';
  delete fields._;
  return new AppError(400, first, Object.keys(fields).length ? fields : undefined, vars);
}

/** Parse a value with a shared schema, or throw the API's 400 (see validationError). */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw validationError(result.error.issues);
}
