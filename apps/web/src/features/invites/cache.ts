import type { QueryClient } from '@tanstack/react-query';
import type { CallResult } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The one write to an invite's cached details (queryKeys.invite): the viewer joined through it. */
export function markInviteJoined(qc: QueryClient, code: string): void {
  qc.setQueryData<CallResult<'lookupInvite'>>(queryKeys.invite(code), (old) => (old ? { ...old, isMember: true } : old));
}
