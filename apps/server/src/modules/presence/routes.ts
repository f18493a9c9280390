import type { FastifyInstance } from 'fastify';
import { setPresenceEndpoint } from '@rally/shared/api/presence';
import { addEndpoint } from '../../http/endpoint';
import { setChosenPresence } from './repository';

export async function presenceRoutes(app: FastifyInstance): Promise<void> {
  /** The caller picks a status: stored in their settings, then what they show follows on every process (gateway presence tracker). */
  addEndpoint(app, setPresenceEndpoint, async ({ userId, body }) => {
    await setChosenPresence(app.db, userId, body.status);
    await app.gateway.choosePresence(userId, body.status);
    return { success: true as const };
  });
}
