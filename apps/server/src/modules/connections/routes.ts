import type { FastifyInstance } from 'fastify';
import {
  CONNECTION_PROVIDERS,
  connectionCallbackEndpoint,
  connectionSetupEndpoint,
  deleteConnectionEndpoint,
  listConnectionsEndpoint,
  type ConnectionProvider,
} from '@rally/shared/api/connections';
import { addEndpoint } from '../../http/endpoint';
import { configuredClient, redirectUri, type ProviderClient } from './providers';
import { connectionUnavailable, finishConnection, listConnections, removeConnection, startConnection } from './service';
import { fetchThroughApp, standInEnabled, standInServed, StandInServer } from './stand-in';
import { standInRoutes } from './stand-in-routes';

/**
 * Linked Kick and Twitch accounts (spec 000 §7): list, setup (the authorisation URL), callback (the
 * code and state the provider sent back) and unlink. A provider with a client id in the config is
 * the real one; one without is served by the built-in stand-in (stand-in.ts) while DEV_PAGES allows.
 */
export async function connectionRoutes(app: FastifyInstance): Promise<void> {
  const configured = Object.fromEntries(CONNECTION_PROVIDERS.map((p) => [p, configuredClient(app.config, p)])) as Record<
    ConnectionProvider,
    ProviderClient | null
  >;
  const standIn = standInEnabled(app.config) ? new StandInServer(app.config, app.secret) : null;
  if (standIn) standInRoutes(app, standIn, (provider) => configured[provider] === null);
  const viaApp = fetchThroughApp(app);

  /** The provider's client for this request: the configured one, or the stand-in for a visitor it serves; 404 connection_unavailable otherwise. */
  const clientFor = (provider: ConnectionProvider, request: Parameters<typeof standInServed>[1]): ProviderClient => {
    const real = configured[provider];
    if (real) return real;
    if (!standIn || !standInServed(app.config, request)) throw connectionUnavailable();
    return standIn.client(provider, viaApp);
  };

  addEndpoint(app, listConnectionsEndpoint, async ({ deps, userId }) => ({ success: true as const, connections: await listConnections(deps, userId) }));

  addEndpoint(app, connectionSetupEndpoint, async ({ deps, userId, params, request }) => ({
    success: true as const,
    url: await startConnection(deps, clientFor(params.provider, request), userId, redirectUri(app.config, params.provider)),
  }));

  addEndpoint(app, connectionCallbackEndpoint, async ({ deps, userId, params, query, request }) => ({
    success: true as const,
    connection: await finishConnection(deps, clientFor(params.provider, request), userId, query, {
      redirectUri: redirectUri(app.config, params.provider),
      timeoutMs: app.config.OAUTH_TIMEOUT_MS,
    }),
  }));

  addEndpoint(app, deleteConnectionEndpoint, async ({ deps, userId, params }) => {
    await removeConnection(deps, userId, params.provider);
    return { success: true as const };
  });
}
