import type { QueryClient } from '@tanstack/react-query';
import { updateMeUser } from '../auth/cache';

/** Two-factor sign-in turned on or off: the signed-in user's `twoFA` follows. */
export function setTwoFactorEnabled(qc: QueryClient, enabled: boolean): void {
  updateMeUser(qc, (user) => (user.twoFA === enabled ? user : { ...user, twoFA: enabled }));
}
