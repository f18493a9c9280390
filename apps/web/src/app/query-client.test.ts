import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { shouldRetryQuery } from './query-client';

describe('shouldRetryQuery', () => {
  it('retries a network or server failure once', () => {
    expect(shouldRetryQuery(0, new ApiError(0, 'offline', 'network'))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(503, 'down'))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(503, 'down'))).toBe(false);
  });

  it('does not retry answers that will not change (401, 404, 451, 400)', () => {
    for (const status of [400, 401, 403, 404, 451]) expect(shouldRetryQuery(0, new ApiError(status, 'no'))).toBe(false);
  });
});
