import type { FastifyInstance } from 'fastify';

export async function inviteRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
