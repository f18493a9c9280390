import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** Retry once (spec: queries retry once after 1 s), and only failures that may pass on a second try. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (error instanceof ApiError) return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: 1000,
        refetchOnWindowFocus: false,
        staleTime: 5 * 60_000,
      },
      // A write is tried once and fails at once when offline (its error shows, a message turns
      // 'failed'), instead of waiting paused for the network to come back.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
