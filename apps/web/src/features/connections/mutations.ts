import type { ConnectionCallbackQuery, ConnectionProvider } from '@rally/shared/api/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { removeConnection, upsertConnection } from './cache';
import { fetchCallback, fetchSetupUrl } from './queries';

/** Start linking (GET …/setup): the server keeps a state and PKCE verifier and answers the provider's authorisation URL. */
export function useConnectionSetup() {
  return useMutation({
    mutationFn: fetchSetupUrl,
  });
}

/** Finish linking with what the provider sent back to /connections/{provider} (the state is spent, once). */
export function useFinishConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, query }: { provider: ConnectionProvider; query: ConnectionCallbackQuery }) => fetchCallback(provider, query),
    onSuccess: (connection) => upsertConnection(qc, connection),
  });
}

/** Unlink the provider's account. */
export function useDisconnect() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (provider: ConnectionProvider) => {
      await call('deleteConnection', { params: { provider } });
      return provider;
    },
    onSuccess: (provider) => removeConnection(qc, provider),
  });
}
