import type { FastifyInstance } from 'fastify';
import {
  accountDeletionEndpoint,
  changeEmailEndpoint,
  changePasswordEndpoint,
  changeSlugEndpoint,
  changeUsernameEndpoint,
  deleteAccountEndpoint,
  requestEmailVerificationEndpoint,
  verifyEmailEndpoint,
  viewEmailEndpoint,
} from '@rally/shared/api/account';
import { translateError } from '@rally/shared/i18n/errors';
import { servesHttps } from '../../env';
import { unauthorized } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { addEndpoint } from '../../http/endpoint';
import { requestLocale } from '../../http/locale';
import { clearSessionCookie } from '../auth/authenticate';
import { canDeleteAccount, deleteAccount } from './deletion';
import type { AccountDeps } from './deps';
import { changeEmail, changePassword, changeSlug, changeUsername, viewEmail } from './service';
import { requestVerification, verifyEmail } from './verification';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  // The gateway is attached after the routes are registered: read it when a request comes.
  const account = (deps: ServiceDeps): AccountDeps => ({
    ...deps,
    config: app.config,
    mailer: app.mailer,
    rateLimiter: app.rateLimiter,
    sockets: app.gateway,
    storage: app.storage,
  });

  addEndpoint(app, changeUsernameEndpoint, async ({ deps, userId, body }) => ({
    success: true as const,
    username: await changeUsername({ ...deps, profileUpdates: app.profileUpdates }, userId, body.username),
  }));

  addEndpoint(app, changeSlugEndpoint, async ({ deps, user, body }) => ({ success: true as const, slug: await changeSlug(account(deps), user, body) }));

  addEndpoint(app, viewEmailEndpoint, async ({ deps, user, body, reply }) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, email: await viewEmail(account(deps), user, body) };
  });

  addEndpoint(app, changeEmailEndpoint, async ({ deps, user, body }) => ({ success: true as const, ...(await changeEmail(account(deps), user, body)) }));

  addEndpoint(app, changePasswordEndpoint, async ({ deps, user, body, request }) => {
    if (!request.sessionToken) throw unauthorized();
    await changePassword(account(deps), user, request.sessionToken, body);
    return { success: true as const };
  });

  addEndpoint(app, accountDeletionEndpoint, async ({ deps, userId }) => ({ success: true as const, canDelete: await canDeleteAccount(deps, userId) }));

  addEndpoint(app, deleteAccountEndpoint, async ({ deps, user, body, reply }) => {
    await deleteAccount(account(deps), user, body);
    clearSessionCookie(reply, servesHttps(app.config));
    return { success: true as const };
  });

  addEndpoint(app, requestEmailVerificationEndpoint, async ({ deps, user }) => {
    await requestVerification(account(deps), user);
    return { success: true as const };
  });

  addEndpoint(app, verifyEmailEndpoint, async ({ deps, body, request }) => {
    await verifyEmail({ ...deps, db: app.db }, body.key, body.email);
    return { success: true as const, message: translateError('email_verified', requestLocale(request)) };
  });
}
