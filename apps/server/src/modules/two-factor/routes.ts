import type { FastifyInstance } from 'fastify';
import { twoFactorDisableEndpoint, twoFactorSetupEndpoint, twoFactorVerifyEndpoint } from '@rally/shared/api/two-factor';
import { addEndpoint } from '../../http/endpoint';
import { setupTwoFactor, turnOffTwoFactor, verifyTwoFactor, type TwoFactorDeps } from './service';

export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  const deps: TwoFactorDeps = { db: app.db, rateLimiter: app.rateLimiter, config: app.config };

  addEndpoint(app, twoFactorSetupEndpoint, async ({ reply, user }) => {
    // The secret is in the answer: never cached.
    reply.header('cache-control', 'no-store');
    return setupTwoFactor(deps, user);
  });

  addEndpoint(app, twoFactorVerifyEndpoint, async ({ reply, user, body }) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, data: { backupCodes: await verifyTwoFactor(deps, user, body.code) } };
  });

  addEndpoint(app, twoFactorDisableEndpoint, async ({ user, body }) => {
    await turnOffTwoFactor(deps, user, body);
    return { success: true as const };
  });
}
