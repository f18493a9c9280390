import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const FIVE_MINUTES = 5 * 60_000;

/** An invite's public details (works signed out); `isMember` tells a signed-in viewer whether they are in already. */
export function useInvite(code: string) {
  return useQuery({
    queryKey: queryKeys.invite(code),
    queryFn: ({ signal }) => call('lookupInvite', { params: { code }, query: { user: 'true' } }, { signal }),
    enabled: code.length > 0,
    staleTime: FIVE_MINUTES,
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
  });
}

/** The server's answer when the visitor is a member already (they just go to the team). */
export function isAlreadyMember(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'invite_already_member';
}
