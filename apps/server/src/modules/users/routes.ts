import type { FastifyInstance } from 'fastify';
import { DEFAULT_USER_SETTINGS, meEndpoint } from '@rally/shared/api/users';
import { addEndpoint } from '../../http/endpoint';
import { unauthorized } from '../../lib/errors';
import { findUserById, toSelfUser } from './repository';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  /** The signed-in user, their settings, and the location of the current visit (TR or other). */
  addEndpoint(app, meEndpoint, async ({ request, userId }) => {
    const row = await findUserById(app.db, userId);
    if (!row) throw unauthorized();
    return { success: true as const, user: toSelfUser(row), settings: { ...DEFAULT_USER_SETTINGS, ...row.settings }, location: request.region.location };
  });
}
