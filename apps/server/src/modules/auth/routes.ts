import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { loginRequestSchema, registerRequestSchemaFor, type AuthResponse, type logoutResponseSchema } from '@rally/shared/api/auth';
import { BODY_LIMIT } from '../../http/body-limits';
import { requestClientAddress } from '../../http/client-address';
import { requestLocale } from '../../http/locale';
import { parse } from '../../lib/validation';
import { clearSessionCookie, sessionCookieSecure, setSessionCookie } from './authenticate';
import { createCaptcha } from './captcha';
import { login, logout, register, type AuthDeps, type ClientContext } from './service';
import { SESSION_TTL_MS } from './session-repository';
import { countAttempt } from './throttle';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const deps: AuthDeps = { db: app.db, config: app.config, secret: app.secret, rateLimiter: app.rateLimiter };
  const secure = sessionCookieSecure(app.config);
  const client = (request: FastifyRequest): ClientContext => ({
    address: requestClientAddress(app.config, request),
    userAgent: request.headers['user-agent'],
    location: request.region.location,
    locale: requestLocale(request),
  });

  /** An ALTCHA challenge for the widget (its `challenge` URL). */
  app.get('/api/v1/captcha', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return createCaptcha(app.secret, app.config.CAPTCHA_MAX_NUMBER);
  });

  app.post('/api/v1/register', { bodyLimit: BODY_LIMIT.AUTH }, async (request, reply) => {
    const who = client(request);
    await countAttempt(app.rateLimiter, `register:${who.address}`, app.config.RATE_LIMIT_REGISTER);
    const body = parse(registerRequestSchemaFor(who.location), request.body);
    const { user, token } = await register(deps, body, who);
    setSessionCookie(reply, token, secure, SESSION_TTL_MS);
    const response: AuthResponse = { success: true, user };
    return reply.status(201).send(response);
  });

  for (const path of ['/api/v1/login', '/api/login']) {
    app.post(path, { bodyLimit: BODY_LIMIT.AUTH }, async (request, reply) => {
      const who = client(request);
      await countAttempt(app.rateLimiter, `login:${who.address}`, app.config.RATE_LIMIT_LOGIN);
      const body = parse(loginRequestSchema, request.body);
      const { user, token } = await login(deps, body, who);
      setSessionCookie(reply, token, secure, SESSION_TTL_MS);
      const response: AuthResponse = { success: true, user };
      return response;
    });
  }

  for (const path of ['/api/logout', '/api/v1/logout']) {
    app.post(path, { bodyLimit: BODY_LIMIT.SMALL }, async (request, reply) => {
      await logout(app.db, request.server.gateway, request.sessionToken);
      clearSessionCookie(reply, secure);
      const response: z.infer<typeof logoutResponseSchema> = { success: true };
      return response;
    });
  }
}
