import type { FastifyInstance } from 'fastify';
import { listMessagesEndpoint, sendMessageEndpoint } from '@rally/shared/api/messages';
import { addEndpoint } from '../../http/endpoint';
import { listMessages, sendMessage } from './service';

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, listMessagesEndpoint, async ({ userId, params, query }) => ({
    success: true as const,
    ...(await listMessages(app.db, params.channelId, userId, query)),
  }));

  addEndpoint(app, sendMessageEndpoint, async ({ request, userId, params, body }) => {
    const message = await sendMessage({ db: app.db, bus: app.bus, rateLimiter: app.rateLimiter, log: request.log }, params.channelId, userId, body);
    return { success: true as const, message };
  });
}
