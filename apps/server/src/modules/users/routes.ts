import type { FastifyInstance } from 'fastify';
import { meEndpoint, updateSettingsEndpoint } from '@rally/shared/api/users';
import { addEndpoint } from '../../http/endpoint';
import { toSelfUser } from './repository';
import { settingsOf, updateSettings } from './service';
import { listConnections } from '../connections/service';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  /** The signed-in user, their settings, and the location of the current visit (TR or other). */
  addEndpoint(app, meEndpoint, async ({ deps, request, user }) => ({
    success: true as const,
    user: { ...toSelfUser(user), connections: await listConnections(deps, user.id) },
    settings: settingsOf(user.settings),
    location: request.region.location,
  }));

  /** The caller changes their language, developer mode or left sidebar; all their settings come back. */
  addEndpoint(app, updateSettingsEndpoint, async ({ deps, userId, user, body }) => ({
    success: true as const,
    settings: await updateSettings(deps, userId, user.settings, body.settings),
  }));
}
