import type { Invite } from '@rally/shared/api/teams';
import type { InviteRow } from './repository';

export function toInvite(row: InviteRow): Invite {
  return {
    code: row.code,
    teamId: row.teamId,
    inviter: row.inviterId,
    uses: row.uses,
    maxUses: row.maxUses,
    applicationEnabled: row.applicationEnabled,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    type: 'team',
    createdAt: row.createdAt.toISOString(),
  };
}

/** Usable at `now`: not expired and not used up. */
export function isInviteUsable(row: InviteRow, now: Date): boolean {
  return (row.expiresAt === null || row.expiresAt > now) && (row.maxUses === null || row.uses < row.maxUses);
}
