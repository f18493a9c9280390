import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { pingDatabase } from './repository';

/** Paths that answer even to visitors from blocked regions (the client needs them to show the region page). */
export const REGION_EXEMPT_PATHS = ['/api/v1/health', '/api/v1/region'];

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  /**
   * Liveness for load balancers and tests: ok (200) when the database answers, else 503. It tells
   * the public nothing about the deployment; with HEALTH_DETAILS=true (for operators, e.g. behind
   * an internal load balancer) it adds the database and bus kinds and the process's socket count.
   */
  app.get('/api/v1/health', async () => {
    if (!(await pingDatabase(app.db))) throw new AppError(503, 'service_unavailable');
    if (!app.config.HEALTH_DETAILS) return { success: true as const };
    return { success: true as const, database: app.databaseKind, bus: app.bus.kind, connections: app.gateway.connectionCount() };
  });

  /** The visitor's region as the server sees it: `location` decides the TR consent box at sign-up. */
  app.get('/api/v1/region', async (request) => ({
    success: true as const,
    allowed: request.region.allowed,
    location: request.region.location,
  }));
}
