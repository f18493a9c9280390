import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createInviteEndpoint, joinInviteEndpoint, lookupInviteEndpoint } from '@rally/shared/api/teams';
import { translateError } from '@rally/shared/i18n/errors';
import { addEndpoint } from '../../http/endpoint';
import { requestLocale } from '../../http/locale';
import type { ServiceDeps } from '../../lib/service-deps';
import { createInvite, joinInvite, lookupInvite } from './service';

export async function inviteRoutes(app: FastifyInstance): Promise<void> {
  const deps = (request: FastifyRequest): ServiceDeps => ({ db: app.db, bus: app.bus, log: request.log });

  addEndpoint(app, createInviteEndpoint, async ({ userId, body }) => ({ success: true as const, invite: await createInvite(app.db, userId, body) }));

  // Public: signed-out visitors see the invite too; ?user=true adds isMember for a signed-in one.
  addEndpoint(app, lookupInviteEndpoint, async ({ params, query, userId }) => ({
    success: true as const,
    ...(await lookupInvite(app.db, params.code, query.user === 'true' ? userId : null)),
  }));

  addEndpoint(app, joinInviteEndpoint, async ({ request, userId, params }) => {
    const team = await joinInvite(deps(request), params.code, userId);
    return { success: true as const, team, message: translateError('invite_joined', requestLocale(request), { team: team.name }) };
  });
}
