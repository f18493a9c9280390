import type { FastifyInstance } from 'fastify';
import { reportMessageEndpoint } from '@rally/shared/api/message-actions';
import { addEndpoint } from '../../http/endpoint';
import { reportMessage } from './service';

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, reportMessageEndpoint, async ({ deps, userId, params, body }) => {
    await reportMessage(deps, userId, params.messageId, body);
    return { success: true as const };
  });
}
