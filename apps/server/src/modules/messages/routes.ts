import type { FastifyInstance } from 'fastify';
import { listMessagesEndpoint, sendMessageEndpoint } from '@rally/shared/api/messages';
import { addEndpoint } from '../../http/endpoint';
import { listMessages, sendMessage } from './service';

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, listMessagesEndpoint, async ({ deps, access, channel, query }) => ({
    success: true as const,
    ...(await listMessages(deps.db, { access, channel }, query)),
  }));

  addEndpoint(app, sendMessageEndpoint, async ({ deps, access, channel, user, body }) => {
    const message = await sendMessage({ ...deps, rateLimiter: app.rateLimiter }, { access, channel }, user, body);
    return { success: true as const, message };
  });
}
