import type { FastifyInstance } from 'fastify';
import { createDmEndpoint, hideDmEndpoint, listDmsEndpoint } from '@rally/shared/api/dms';
import { addEndpoint } from '../../http/endpoint';
import { createDm, hideDm, listDms } from './service';

export async function dmRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, listDmsEndpoint, async ({ deps, userId }) => ({ success: true as const, dms: await listDms(deps, userId) }));

  addEndpoint(app, createDmEndpoint, async ({ deps, userId, body }) => ({ success: true as const, dm: await createDm(deps, userId, body) }));

  addEndpoint(app, hideDmEndpoint, async ({ deps, userId, params, body }) => {
    await hideDm(deps, userId, params.channelId, body.hidden);
    return { success: true as const };
  });
}
