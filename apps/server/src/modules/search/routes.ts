import type { FastifyInstance } from 'fastify';
import { searchMessagesEndpoint } from '@rally/shared/api/search';
import { addEndpoint } from '../../http/endpoint';
import { searchMessages } from './service';

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, searchMessagesEndpoint, async ({ deps, userId, query }) => ({
    success: true as const,
    ...(await searchMessages(deps, userId, query)),
  }));
}
