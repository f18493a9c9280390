import type { FastifyInstance } from 'fastify';
import { deleteMessageEndpoint, editMessageEndpoint, getMessageEndpoint } from '@rally/shared/api/message-actions';
import { addEndpoint } from '../../http/endpoint';
import { deleteMessage, editMessage, getMessage } from './actions';

/** One message: read, edit (its author), delete (its author or a moderator). */
export async function messageActionRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, getMessageEndpoint, async ({ deps, access, channel, params }) => ({
    success: true as const,
    ...(await getMessage(deps, { access, channel }, params.messageId)),
  }));

  addEndpoint(app, editMessageEndpoint, async ({ deps, access, channel, user, params, body }) => ({
    success: true as const,
    message: await editMessage(deps, { access, channel }, user, params.messageId, body),
  }));

  addEndpoint(app, deleteMessageEndpoint, async ({ deps, access, channel, params }) => {
    await deleteMessage({ ...deps, storage: app.storage }, { access, channel }, params.messageId);
    return { success: true as const };
  });
}
