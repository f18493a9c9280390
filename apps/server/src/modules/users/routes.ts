import type { FastifyInstance } from 'fastify';
import { DEFAULT_USER_SETTINGS, type MeResponse } from '@rally/shared/api/users';
import { unauthorized } from '../../lib/errors';
import { requireUser } from '../auth/authenticate';
import { findUserById, toSelfUser } from './repository';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  /** The signed-in user, their settings, and the location of the current visit (TR or other). */
  for (const path of ['/api/v1/me', '/api/me']) {
    app.get(path, async (request) => {
      const row = await findUserById(app.db, requireUser(request));
      if (!row) throw unauthorized();
      const response: MeResponse = {
        success: true,
        user: toSelfUser(row),
        settings: { ...DEFAULT_USER_SETTINGS, ...row.settings },
        location: request.region.location,
      };
      return response;
    });
  }
}
