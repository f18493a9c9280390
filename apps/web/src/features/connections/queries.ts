import type { Connection, ConnectionCallbackQuery, ConnectionProvider } from '@rally/shared/api/connections';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * The signed-in user's linked accounts. Linking finishes in another tab (the provider's callback
 * page): CONNECTIONS_UPDATED brings the list, and coming back to this window reads it again in case
 * the live connection missed it.
 */
export function useConnections() {
  return useQuery({
    queryKey: queryKeys.connections,
    queryFn: async ({ signal }) => (await call('listConnections', {}, { signal })).connections,
    refetchOnWindowFocus: true,
  });
}

/**
 * The two GETs of linking (000 §7), which change state on the server: setup keeps a state and PKCE
 * verifier, the callback spends it. They are read here (GET) and run as the mutations of
 * mutations.ts, never as cached queries.
 */
export async function fetchSetupUrl(provider: ConnectionProvider): Promise<string> {
  return (await call('connectionSetup', { params: { provider } })).url;
}

export async function fetchCallback(provider: ConnectionProvider, query: ConnectionCallbackQuery): Promise<Connection> {
  return (await call('connectionCallback', { params: { provider }, query })).connection;
}
