import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createTeamEndpoint, listTeamsEndpoint, teamChannelsEndpoint, teamMembersEndpoint } from '@rally/shared/api/teams';
import { addEndpoint } from '../../http/endpoint';
import { requestLocale } from '../../http/locale';
import type { ServiceDeps } from '../../lib/service-deps';
import { createTeam, listTeamChannels, listTeamMembers, listTeams } from './service';

export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const deps = (request: FastifyRequest): ServiceDeps => ({ db: app.db, bus: app.bus, log: request.log });

  addEndpoint(app, createTeamEndpoint, async ({ request, userId, body }) => {
    const createdTeam = await createTeam(deps(request), userId, { ...body, locale: requestLocale(request) });
    return { success: true as const, createdTeam };
  });

  // Suspension does not exist yet: no team is suspended.
  addEndpoint(app, listTeamsEndpoint, async ({ userId }) => ({ success: true as const, teams: await listTeams(app.db, userId), suspendedTeamLength: 0 }));

  addEndpoint(app, teamChannelsEndpoint, async ({ userId, params }) => ({ success: true as const, ...(await listTeamChannels(app.db, params.teamId, userId)) }));

  addEndpoint(app, teamMembersEndpoint, async ({ userId, params }) => ({ success: true as const, members: await listTeamMembers(app.db, params.teamId, userId) }));
}
