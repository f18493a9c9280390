import type { MeResponse } from '@rally/shared/api/users';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * The signed-in user. The cache under queryKeys.me holds MeResponse, or null when nobody is signed
 * in (the server answers 401). Other failures (451 region_unavailable, network, 5xx) are errors.
 */
export async function fetchMe(signal?: AbortSignal): Promise<MeResponse | null> {
  try {
    return await call('me', {}, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** The signed-in user's query (MeResponse, or null when signed out): the one source of "me". */
export function useMe() {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => fetchMe(signal),
  });
}

/** The signed-in user from useMe (undefined while loading or when signed out). */
export function useMeUser(): MeResponse['user'] | undefined {
  return useMe().data?.user ?? undefined;
}

export function isRegionBlocked(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 451 || error.code === 'region_unavailable');
}

/** The visitor's region (GET /api/v1/region): `location` TR shows the explicit-consent box at sign-up. */
export function useRegion(enabled = true) {
  return useQuery({
    queryKey: queryKeys.region,
    queryFn: ({ signal }) => call('region', {}, { signal }),
    enabled,
    staleTime: Infinity,
  });
}
