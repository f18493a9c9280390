import type { FastifyInstance } from 'fastify';
import { createTeamEndpoint, listTeamsEndpoint, teamChannelsEndpoint, teamMembersEndpoint } from '@rally/shared/api/teams';
import { addEndpoint } from '../../http/endpoint';
import { requestLocale } from '../../http/locale';
import { createTeam, listTeamMembers, listTeams, viewableChannels } from './service';

export async function teamRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, createTeamEndpoint, async ({ deps, request, userId, body }) => {
    const createdTeam = await createTeam(deps, userId, { ...body, locale: requestLocale(request) });
    return { success: true as const, createdTeam };
  });

  // Suspension does not exist yet: no team is suspended.
  addEndpoint(app, listTeamsEndpoint, async ({ deps, userId }) => ({
    success: true as const,
    teams: await listTeams(deps.db, userId),
    suspendedTeamLength: 0,
  }));

  addEndpoint(app, teamChannelsEndpoint, ({ access }) => ({ success: true as const, ...viewableChannels(access) }));

  addEndpoint(app, teamMembersEndpoint, async ({ deps, access }) => ({ success: true as const, members: await listTeamMembers(deps.db, access) }));
}
