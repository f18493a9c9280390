import type { FastifyInstance } from 'fastify';

export async function teamRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
