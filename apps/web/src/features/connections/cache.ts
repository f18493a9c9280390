import type { Connection } from '@rally/shared/api/connections';
import type { MeResponse } from '@rally/shared/api/users';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/**
 * The one place that writes the connections: the list (queryKeys.connections) and `me`'s copy of it
 * (user.connections). The mutations and CONNECTIONS_UPDATED (another tab finished or undid a link)
 * both come here with the whole list as it is now.
 */
export function setConnections(qc: QueryClient, connections: Connection[]): void {
  qc.setQueryData<Connection[]>(queryKeys.connections, connections);
  qc.setQueryData<MeResponse | null>(queryKeys.me, (me) => (me ? { ...me, user: { ...me.user, connections } } : me));
}

/** One account linked (in place of the provider's earlier one), when the list is loaded. */
export function upsertConnection(qc: QueryClient, connection: Connection): void {
  const list = qc.getQueryData<Connection[]>(queryKeys.connections);
  if (list) setConnections(qc, [...list.filter((c) => c.provider !== connection.provider), connection]);
}

/** The provider's account unlinked, when the list is loaded. */
export function removeConnection(qc: QueryClient, provider: Connection['provider']): void {
  const list = qc.getQueryData<Connection[]>(queryKeys.connections);
  if (list)
    setConnections(
      qc,
      list.filter((c) => c.provider !== provider),
    );
}
