import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { snowflakeSchema } from '@rally/shared/api/common';
import {
  createTeamRequestSchema,
  type createTeamResponseSchema,
  type teamChannelsResponseSchema,
  type teamListResponseSchema,
  type teamMembersResponseSchema,
} from '@rally/shared/api/teams';
import { BODY_LIMIT } from '../../http/body-limits';
import { parse } from '../../lib/validation';
import { requestLocale } from '../../http/locale';
import { requireUser } from '../auth/authenticate';
import type { ServiceDeps } from '../../lib/service-deps';
import { createTeam, listTeamChannels, listTeamMembers, listTeams } from './service';

const teamParamsSchema = z.object({ teamId: snowflakeSchema });

export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const deps = (request: FastifyRequest): ServiceDeps => ({ db: app.db, bus: app.bus, log: request.log });

  app.post('/api/v1/teams', { bodyLimit: BODY_LIMIT.SMALL }, async (request, reply) => {
    const userId = requireUser(request);
    const body = parse(createTeamRequestSchema, request.body);
    const createdTeam = await createTeam(deps(request), userId, { ...body, locale: requestLocale(request) });
    const response: z.infer<typeof createTeamResponseSchema> = { success: true, createdTeam };
    return reply.status(201).send(response);
  });

  app.get('/api/v1/teams', async (request) => {
    const userId = requireUser(request);
    // Suspension does not exist yet: no team is suspended.
    const response: z.infer<typeof teamListResponseSchema> = { success: true, teams: await listTeams(app.db, userId), suspendedTeamLength: 0 };
    return response;
  });

  for (const prefix of ['/api/v1', '/api']) {
    app.get(`${prefix}/teams/:teamId/channels`, async (request) => {
      const userId = requireUser(request);
      const { teamId } = parse(teamParamsSchema, request.params);
      const response: z.infer<typeof teamChannelsResponseSchema> = { success: true, ...(await listTeamChannels(app.db, teamId, userId)) };
      return response;
    });

    app.get(`${prefix}/teams/:teamId/members`, async (request) => {
      const userId = requireUser(request);
      const { teamId } = parse(teamParamsSchema, request.params);
      const response: z.infer<typeof teamMembersResponseSchema> = { success: true, members: await listTeamMembers(app.db, teamId, userId) };
      return response;
    });
  }
}
