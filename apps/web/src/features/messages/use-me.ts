import { UserFlags } from '@rally/shared/api/users';
import type { MeResponse } from '@rally/shared/api/users';
import { useMe as useMeQuery } from '../auth/queries';

/** The signed-in user (undefined while loading or when signed out). */
export function useMe(): MeResponse['user'] | undefined {
  return useMeQuery().data?.user ?? undefined;
}

export function isPremium(user: { flags: number } | undefined): boolean {
  return !!user && (user.flags & UserFlags.PREMIUM) !== 0;
}
