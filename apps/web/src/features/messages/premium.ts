import { UserFlags } from '@rally/shared/api/users';

/** Whether the user has Plus (longer messages). Kept out of auth/queries: UserFlags would bring zod into the landing route. */
export function isPremium(user: { flags: number } | undefined): boolean {
  return !!user && (user.flags & UserFlags.PREMIUM) !== 0;
}
