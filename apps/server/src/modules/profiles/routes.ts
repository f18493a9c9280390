import type { FastifyInstance } from 'fastify';
import {
  clearActivityEndpoint,
  clearStatusEndpoint,
  setActivityEndpoint,
  setAvatarEndpoint,
  setBannerEndpoint,
  setStatusEndpoint,
  userProfileEndpoint,
} from '@rally/shared/api/profile';
import { addEndpoint } from '../../http/endpoint';
import type { ServiceDeps } from '../../lib/service-deps';
import { setProfileImage } from './images';
import { clearActivity, clearStatus, getProfile, setActivity, setStatus, type ProfileDeps } from './service';

const done = { success: true as const };

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const profile = (deps: ServiceDeps): ProfileDeps => ({ ...deps, profileUpdates: app.profileUpdates });

  addEndpoint(app, userProfileEndpoint, async ({ deps, userId, params, query }) => ({
    success: true as const,
    user: await getProfile(deps, userId, params.userId, query.teamId),
  }));

  addEndpoint(app, setStatusEndpoint, async ({ deps, userId, body }) => ({ success: true as const, status: await setStatus(profile(deps), userId, body) }));

  addEndpoint(app, clearStatusEndpoint, async ({ deps, userId }) => {
    await clearStatus(profile(deps), userId);
    return done;
  });

  addEndpoint(app, setActivityEndpoint, async ({ deps, userId, body }) => ({
    success: true as const,
    activity: await setActivity(profile(deps), userId, body),
  }));

  addEndpoint(app, clearActivityEndpoint, async ({ deps, userId }) => {
    await clearActivity(profile(deps), userId);
    return done;
  });

  addEndpoint(app, setAvatarEndpoint, async ({ deps, userId, body }) => ({
    success: true as const,
    avatar: await setProfileImage({ ...profile(deps), config: app.config, storage: app.storage }, userId, 'profilePicture', 'avatar', body.avatar),
  }));

  addEndpoint(app, setBannerEndpoint, async ({ deps, userId, body }) => ({
    success: true as const,
    banner: await setProfileImage({ ...profile(deps), config: app.config, storage: app.storage }, userId, 'banner', 'banner', body.banner),
  }));
}
