import type { FastifyInstance } from 'fastify';

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
