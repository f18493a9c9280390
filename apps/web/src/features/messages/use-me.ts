import type { MeResponse } from '@rally/shared/api/users';
import { UserFlags } from '@rally/shared/api/users';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/**
 * The signed-in user as the app shell loaded it (queryKeys.me). Only observes the cache: the shell
 * owns fetching it, and this feature renders inside the signed-in shell.
 */
export function useMe(): MeResponse['user'] | undefined {
  const { data } = useQuery<MeResponse>({ queryKey: queryKeys.me, enabled: false });
  return data?.user;
}

export function isPremium(user: { flags: number } | undefined): boolean {
  return !!user && (user.flags & UserFlags.PREMIUM) !== 0;
}
