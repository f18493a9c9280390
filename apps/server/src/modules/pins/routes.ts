import type { FastifyInstance } from 'fastify';
import { listPinsEndpoint, pinMessageEndpoint, unpinMessageEndpoint } from '@rally/shared/api/pins';
import { addEndpoint } from '../../http/endpoint';
import { listPins, pinMessage, unpinMessage } from './service';

/** A channel's pinned messages: the list, pin and unpin (MANAGE_MESSAGES, or any member of a direct chat). */
export async function pinRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, listPinsEndpoint, async ({ deps, access, channel }) => ({
    success: true as const,
    pins: await listPins(deps, { access, channel }),
  }));

  addEndpoint(app, pinMessageEndpoint, async ({ deps, access, channel, params }) => {
    await pinMessage(deps, { access, channel }, params.messageId);
    return { success: true as const };
  });

  addEndpoint(app, unpinMessageEndpoint, async ({ deps, access, channel, params }) => {
    await unpinMessage(deps, { access, channel }, params.messageId);
    return { success: true as const };
  });
}
