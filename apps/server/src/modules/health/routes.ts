import type { FastifyInstance } from 'fastify';

/** Paths that answer even to visitors from blocked regions (the client needs them to show the region page). */
export const REGION_EXEMPT_PATHS = ['/api/v1/health', '/api/v1/region'];

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  /** Liveness for load balancers and tests: which database and bus this process runs on. */
  app.get('/api/v1/health', async () => ({
    success: true as const,
    database: app.databaseKind,
    bus: app.bus.kind,
    connections: app.gateway.connectionCount(),
  }));

  /** The visitor's region as the server sees it: `location` decides the TR consent box at sign-up. */
  app.get('/api/v1/region', async (request) => ({
    success: true as const,
    allowed: request.region.allowed,
    location: request.region.location,
  }));
}
