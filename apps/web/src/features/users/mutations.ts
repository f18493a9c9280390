import type { SetStatusRequest } from '@rally/shared/api/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useMeUser } from '../auth/queries';
import { applyProfileChange } from './cache';

/** Set the signed-in user's custom status (POST /api/v1/me/status): shown at once in their profile and member lists. */
export function useSetStatus() {
  const qc = useQueryClient();
  const me = useMeUser();
  return useMutation({
    mutationFn: async (body: SetStatusRequest) => (await call('setStatus', { body })).status,
    onSuccess: (status) => {
      if (me) applyProfileChange(qc, { userId: me.id, status });
    },
  });
}

/** Clear the signed-in user's custom status (DELETE /api/v1/me/status). */
export function useClearStatus() {
  const qc = useQueryClient();
  const me = useMeUser();
  return useMutation({
    mutationFn: () => call('clearStatus', {}),
    onSuccess: () => {
      if (me) applyProfileChange(qc, { userId: me.id, status: null });
    },
  });
}
