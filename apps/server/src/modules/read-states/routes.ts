import type { FastifyInstance } from 'fastify';
import { markTeamReadEndpoint, markUnreadEndpoint, unreadEndpoint } from '@rally/shared/api/unread';
import { addEndpoint } from '../../http/endpoint';
import { listUnread, markTeamRead, markUnread } from './service';

export async function readStateRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, unreadEndpoint, async ({ deps, userId }) => ({ success: true as const, ...(await listUnread(deps.db, userId)) }));

  addEndpoint(app, markTeamReadEndpoint, async ({ deps, access }) => {
    await markTeamRead(deps, access);
    return { success: true as const };
  });

  addEndpoint(app, markUnreadEndpoint, async ({ deps, access, channel, params }) => {
    await markUnread(deps, { access, channel }, params.messageId);
    return { success: true as const };
  });
}
