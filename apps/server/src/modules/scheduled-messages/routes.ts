import type { FastifyInstance } from 'fastify';
import { cancelScheduledMessageEndpoint, listScheduledMessagesEndpoint } from '@rally/shared/api/scheduled-messages';
import { addEndpoint } from '../../http/endpoint';
import { cancelScheduledMessage, listScheduledMessages } from './service';

/** The caller's own scheduled messages of a channel: list them, cancel one. (Scheduling is a send with scheduledAt: messages/routes.ts.) */
export async function scheduledMessageRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, listScheduledMessagesEndpoint, async ({ deps, access, channel }) => ({
    success: true as const,
    scheduledMessages: await listScheduledMessages(deps.db, channel.id, access.userId),
  }));

  addEndpoint(app, cancelScheduledMessageEndpoint, async ({ deps, access, channel, params }) => {
    await cancelScheduledMessage(deps.db, channel.id, access.userId, params.scheduledMessageId);
    return { success: true as const };
  });
}
