import type { FastifyInstance } from 'fastify';
import { DEFAULT_USER_SETTINGS, meEndpoint } from '@rally/shared/api/users';
import { addEndpoint } from '../../http/endpoint';
import { toSelfUser } from './repository';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  /** The signed-in user, their settings, and the location of the current visit (TR or other). */
  addEndpoint(app, meEndpoint, ({ request, user }) => ({
    success: true as const,
    user: toSelfUser(user),
    settings: { ...DEFAULT_USER_SETTINGS, ...user.settings },
    location: request.region.location,
  }));
}
