import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import { healthEndpoint, openApiEndpoint, regionEndpoint } from '@rally/shared/api/system';
import { addEndpoint } from '../../http/endpoint';
import { buildOpenApi } from '../../http/openapi';
import { AppError } from '../../lib/errors';
import { pingDatabase } from './repository';

const { version: SERVER_VERSION } = createRequire(import.meta.url)('../../../package.json') as { version: string };

/** Paths that answer even to visitors from blocked regions (the client needs them to show the region page). */
export const REGION_EXEMPT_PATHS = [...healthEndpoint.paths, ...regionEndpoint.paths];

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  /**
   * Liveness for load balancers and tests: ok (200) when the database answers, else 503. It tells
   * the public nothing about the deployment; with HEALTH_DETAILS=true (for operators, e.g. behind
   * an internal load balancer) it adds the database and bus kinds and the process's socket count.
   */
  addEndpoint(app, healthEndpoint, async () => {
    if (!(await pingDatabase(app.db))) throw new AppError(503, 'service_unavailable');
    if (!app.config.HEALTH_DETAILS) return { success: true as const };
    return { success: true as const, database: app.databaseKind, bus: app.bus.kind, connections: app.gateway.connectionCount() };
  });

  /** For bots and integrators: the API as OpenAPI 3.1, built from the endpoint objects on the first request (not at start-up), then kept. */
  let openApi: ReturnType<typeof buildOpenApi> | null = null;
  addEndpoint(app, openApiEndpoint, async () => {
    openApi ??= buildOpenApi({ version: SERVER_VERSION, serverUrl: app.config.PUBLIC_URL });
    return openApi as { openapi: string };
  });

  /** The visitor's region as the server sees it: `location` decides the TR consent box at sign-up. */
  addEndpoint(app, regionEndpoint, async ({ request }) => ({ success: true as const, allowed: request.region.allowed, location: request.region.location }));
}
