import type { ErrorCode } from '@rally/shared/i18n/errors';

/** A failure with an HTTP status and a catalogue code; the error handler turns it into the error shape. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly fieldErrors?: Record<string, ErrorCode>,
    readonly vars: Record<string, string | number> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
  }
}

export const badRequest = (code: ErrorCode, fields?: Record<string, ErrorCode>, vars?: Record<string, string | number>) =>
  new AppError(400, code, fields, vars);
export const unauthorized = () => new AppError(401, 'unauthorized');
export const forbidden = (code: ErrorCode = 'forbidden') => new AppError(403, code);
export const notFound = (code: ErrorCode = 'not_found') => new AppError(404, code);
export const conflict = (code: ErrorCode, fields?: Record<string, ErrorCode>) => new AppError(409, code, fields);
export const tooManyRequests = (retryAfterMs: number, code: 'too_many_requests' | 'slowmode_active' = 'too_many_requests') => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, code, undefined, { seconds }, { 'retry-after': String(seconds) });
};
