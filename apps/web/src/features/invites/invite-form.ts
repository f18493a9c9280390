import { INVITE_EXPIRY_MS } from '@rally/shared/api/teams';
import type { CreateInviteRequest } from '@rally/shared/api/teams';
import { z } from 'zod';

/** Max uses offered in the invite dialog (null: unlimited), spec 001 §9. */
export const MAX_USES_OPTIONS = [null, 50, 100, 200, 500, 1000] as const;
export type MaxUses = (typeof MAX_USES_OPTIONS)[number];
/** Expiry choices offered in the invite dialog, spec 001 §9 (30m and 1d are only mapped). */
export const EXPIRY_OPTIONS = ['never', '1h', '6h', '12h', '7d', '30d'] as const;
export type Expiry = (typeof EXPIRY_OPTIONS)[number];

/** The invite dialog's options: a new invite is made whenever they change. */
export const inviteOptionsSchema = z.object({
  maxUses: z.literal(MAX_USES_OPTIONS, 'invite_max_uses'),
  expiry: z.enum(EXPIRY_OPTIONS, 'invite_expiry'),
});
export type InviteOptions = z.infer<typeof inviteOptionsSchema>;

export const DEFAULT_INVITE_OPTIONS: InviteOptions = { maxUses: null, expiry: 'never' };

/** The request for a team invite with these options; the expiry counts from `now` (the moment it is sent). */
export function inviteRequest(teamId: string, { maxUses, expiry }: InviteOptions, now = Date.now()): CreateInviteRequest {
  const ms = INVITE_EXPIRY_MS[expiry];
  return { teamId, maxUses, expiresAt: ms === null ? null : new Date(now + ms).toISOString(), applicationEnabled: false, type: 'team' };
}
