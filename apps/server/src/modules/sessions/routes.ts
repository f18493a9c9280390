import type { FastifyInstance } from 'fastify';
import { listSessionsEndpoint, signOutOtherSessionsEndpoint, signOutSessionEndpoint } from '@rally/shared/api/sessions';
import { servesHttps } from '../../env';
import { addEndpoint } from '../../http/endpoint';
import { clearSessionCookie } from '../auth/authenticate';
import { listSessions, signOutOtherSessions, signOutSession, type SessionsDeps } from './service';

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  // The gateway is attached after the routes are registered: read it when a request comes.
  const deps = (): SessionsDeps => ({ db: app.db, bus: app.bus, log: app.log, sockets: app.gateway });
  const secure = servesHttps(app.config);

  addEndpoint(app, listSessionsEndpoint, async ({ request, reply, userId }) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, sessions: await listSessions(deps(), userId, request.sessionToken) };
  });

  addEndpoint(app, signOutSessionEndpoint, async ({ request, reply, userId, params }) => {
    const { current } = await signOutSession(deps(), userId, request.sessionToken, params.sessionId);
    if (current) clearSessionCookie(reply, secure);
    return { success: true as const, ended: 1 };
  });

  addEndpoint(app, signOutOtherSessionsEndpoint, async ({ request, userId }) => ({
    success: true as const,
    ended: await signOutOtherSessions(deps(), userId, request.sessionToken),
  }));
}
