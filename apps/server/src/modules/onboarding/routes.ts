import type { FastifyInstance } from 'fastify';
import { acceptPolicyEndpoint, setBirthdateEndpoint, updateTourEndpoint } from '@rally/shared/api/onboarding';
import { addEndpoint } from '../../http/endpoint';
import { toSelfUser } from '../users/repository';
import { acceptPolicy, setBirthdate, updateTour } from './service';

/** The global prompts of a signed-in user: birthdate, policy review, app tour (spec 000 §2, §7). */
export async function onboardingRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, setBirthdateEndpoint, async ({ deps, user, body }) => ({
    success: true as const,
    user: toSelfUser(await setBirthdate(deps, user, body.dateOfBirth)),
  }));

  addEndpoint(app, acceptPolicyEndpoint, async ({ deps, userId }) => ({
    success: true as const,
    user: toSelfUser(await acceptPolicy(deps, userId)),
  }));

  addEndpoint(app, updateTourEndpoint, async ({ deps, userId, body }) => ({
    success: true as const,
    user: toSelfUser(await updateTour(deps, userId, body)),
  }));
}
