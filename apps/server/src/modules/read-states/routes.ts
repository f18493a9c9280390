import type { FastifyInstance } from 'fastify';
import { markTeamReadEndpoint, unreadEndpoint } from '@rally/shared/api/unread';
import { addEndpoint } from '../../http/endpoint';
import { listUnread, markTeamRead } from './service';

export async function readStateRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, unreadEndpoint, async ({ deps, userId }) => ({ success: true as const, ...(await listUnread(deps.db, userId)) }));

  addEndpoint(app, markTeamReadEndpoint, async ({ deps, access }) => {
    await markTeamRead(deps, access);
    return { success: true as const };
  });
}
