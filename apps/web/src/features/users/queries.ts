import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Spec 001 §7, §9: a profile is kept 5 minutes (USER_PROFILE_UPDATED keeps its status and activity current meanwhile). */
const FIVE_MINUTES = 5 * 60_000;

/**
 * A user's profile (GET /api/v1/users/{id}/profile), with their roles and joining date in `teamId`
 * when given. On failure the screens show the user they already know (spec 001 §7).
 */
export function useUserProfile(userId: string, teamId: string | null = null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.userProfile(userId, teamId),
    queryFn: async ({ signal }) => (await call('userProfile', { params: { userId }, query: teamId ? { teamId } : {} }, { signal })).user,
    staleTime: FIVE_MINUTES,
    enabled,
  });
}
