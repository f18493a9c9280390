import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { snowflakeSchema } from '@rally/shared/api/common';
import {
  listMessagesQuerySchema,
  sendMessageRequestSchema,
  type listMessagesResponseSchema,
  type sendMessageResponseSchema,
} from '@rally/shared/api/messages';
import { BODY_LIMIT } from '../../http/body-limits';
import { parse } from '../../lib/validation';
import { requireUser } from '../auth/authenticate';
import { listMessages, sendMessage } from './service';

const channelParamsSchema = z.object({ channelId: snowflakeSchema });

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/channels/:channelId/messages', async (request) => {
    const userId = requireUser(request);
    const { channelId } = parse(channelParamsSchema, request.params);
    const query = parse(listMessagesQuerySchema, request.query);
    const response: z.infer<typeof listMessagesResponseSchema> = { success: true, ...(await listMessages(app.db, channelId, userId, query)) };
    return response;
  });

  app.post('/api/v1/channels/:channelId/messages', { bodyLimit: BODY_LIMIT.MESSAGE }, async (request, reply) => {
    const userId = requireUser(request);
    const { channelId } = parse(channelParamsSchema, request.params);
    const body = parse(sendMessageRequestSchema, request.body);
    const message = await sendMessage({ db: app.db, bus: app.bus, rateLimiter: app.rateLimiter, log: request.log }, channelId, userId, body);
    const response: z.infer<typeof sendMessageResponseSchema> = { success: true, message };
    return reply.status(201).send(response);
  });
}
