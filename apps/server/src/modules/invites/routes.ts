import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { text } from '@rally/shared/api/text';
import { cleanInviteCode, createInviteRequestSchema, type createInviteResponseSchema, type joinInviteResponseSchema } from '@rally/shared/api/teams';
import { translateError } from '@rally/shared/i18n/errors';
import { requestLocale } from '../../http/locale';
import { BODY_LIMIT } from '../../http/body-limits';
import { parse } from '../../lib/validation';
import { requireUser } from '../auth/authenticate';
import type { ServiceDeps } from '../../lib/service-deps';
import { createInvite, joinInvite, lookupInvite } from './service';

const codeParamsSchema = z.object({ code: text({ max: 512, error: 'invite_invalid' }).transform(cleanInviteCode) });
const lookupQuerySchema = z.object({ user: z.enum(['true', 'false']).optional() });

export async function inviteRoutes(app: FastifyInstance): Promise<void> {
  const deps = (request: FastifyRequest): ServiceDeps => ({ db: app.db, bus: app.bus, log: request.log });

  app.post('/api/v1/teams/invite', { bodyLimit: BODY_LIMIT.SMALL }, async (request) => {
    const userId = requireUser(request);
    const body = parse(createInviteRequestSchema, request.body);
    const response: z.infer<typeof createInviteResponseSchema> = { success: true, invite: await createInvite(app.db, userId, body) };
    return response;
  });

  // Public: signed-out visitors see the invite too; ?user=true adds isMember for a signed-in one.
  for (const path of ['/api/v1/invites/:code', '/api/invites/:code']) {
    app.get(path, async (request) => {
      const { code } = parse(codeParamsSchema, request.params);
      const { user } = parse(lookupQuerySchema, request.query);
      return lookupInvite(app.db, code, user === 'true' ? request.userId : null);
    });
  }

  app.post('/api/v1/invites/:code/join', { bodyLimit: BODY_LIMIT.SMALL }, async (request) => {
    const userId = requireUser(request);
    const { code } = parse(codeParamsSchema, request.params);
    const team = await joinInvite(deps(request), code, userId);
    const response: z.infer<typeof joinInviteResponseSchema> = {
      success: true,
      team,
      message: translateError('invite_joined', requestLocale(request), { team: team.name }),
    };
    return response;
  });
}
