import type { FastifyInstance, FastifyRequest } from 'fastify';
import { captchaEndpoint, loginEndpoint, logoutEndpoint, registerEndpoint, registerRequestSchemaFor } from '@rally/shared/api/auth';
import { findPasswordResetEndpoint, requestPasswordResetEndpoint, resetPasswordEndpoint } from '@rally/shared/api/password-reset';
import { requestClientAddress } from '../../http/client-address';
import { addEndpoint } from '../../http/endpoint';
import { requestLocale } from '../../http/locale';
import { servesHttps } from '../../env';
import { clearSessionCookie, setSessionCookie } from './authenticate';
import { createCaptcha } from './captcha';
import { findPasswordReset, requestPasswordReset, resetPassword, type PasswordResetDeps } from './password-reset';
import { login, logout, register, type AuthDeps, type ClientContext } from './service';
import { SESSION_TTL_MS } from './session-repository';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const deps: AuthDeps = { db: app.db, config: app.config, secret: app.secret, rateLimiter: app.rateLimiter, mailer: app.mailer, bus: app.bus, log: app.log };
  // The session cookie is Secure when users come by https.
  const secure = servesHttps(app.config);
  const client = (request: FastifyRequest): ClientContext => ({
    address: requestClientAddress(app.config, request),
    userAgent: request.headers['user-agent'],
    location: request.region.location,
    locale: requestLocale(request),
  });

  addEndpoint(app, captchaEndpoint, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return createCaptcha(app.secret, app.config.CAPTCHA_MAX_NUMBER);
  });

  addEndpoint(
    app,
    registerEndpoint,
    async ({ request, reply, body }) => {
      const { user, token } = await register(deps, body, client(request));
      setSessionCookie(reply, token, secure, SESSION_TTL_MS);
      return { success: true as const, user };
    },
    // From TR the explicit consent box is required too (the same function builds the form's schema).
    { bodySchemaFor: (request) => registerRequestSchemaFor(request.region.location) },
  );

  addEndpoint(app, loginEndpoint, async ({ request, reply, body }) => {
    const { user, token } = await login(deps, body, client(request));
    setSessionCookie(reply, token, secure, SESSION_TTL_MS);
    return { success: true as const, user };
  });

  addEndpoint(app, logoutEndpoint, async ({ request, reply }) => {
    await logout(deps, request.server.gateway, request.sessionToken);
    clearSessionCookie(reply, secure);
    return { success: true as const };
  });

  // The gateway is attached after the routes are registered: read it when a request comes.
  const resetDeps = (): PasswordResetDeps => ({ db: app.db, config: app.config, rateLimiter: app.rateLimiter, mailer: app.mailer, sockets: app.gateway });

  addEndpoint(app, requestPasswordResetEndpoint, async ({ body }) => {
    await requestPasswordReset(resetDeps(), body.email);
    return { success: true as const };
  });

  addEndpoint(app, findPasswordResetEndpoint, async ({ reply, body }) => {
    reply.header('cache-control', 'no-store');
    await findPasswordReset(resetDeps(), body.token);
    return { success: true as const };
  });

  addEndpoint(app, resetPasswordEndpoint, async ({ body }) => {
    await resetPassword(resetDeps(), body.token, body.password);
    return { success: true as const };
  });
}
