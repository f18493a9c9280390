import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { keepCurrentSession, removeSessions } from './cache';

/** Sign one session out (DELETE /api/v1/me/sessions/{id}); its device is signed out at once (its sockets close). */
export function useSignOutSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('signOutSession', { params: { sessionId: id } }),
    onSuccess: (_answer, id) => removeSessions(qc, [id]),
  });
}

/** Sign out every session but this one (DELETE /api/v1/me/sessions). */
export function useSignOutOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('signOutOtherSessions', {}),
    onSuccess: () => keepCurrentSession(qc),
  });
}
