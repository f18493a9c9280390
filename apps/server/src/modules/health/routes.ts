import type { FastifyInstance } from 'fastify';

/** Liveness for load balancers and tests: which database and bus this process runs on. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/health', async () => ({
    success: true as const,
    database: app.databaseKind,
    bus: app.bus.kind,
    connections: app.gateway.connectionCount(),
  }));
}
