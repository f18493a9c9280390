import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ChannelPermission, hasBit } from '@rally/shared/permissions';
import { authenticate } from '../auth/authenticate';
import { channelPermissions } from '../permissions/access';
import { AccessCache } from '../permissions/cache';
import { findServedUpload } from './repository';

/** How a private upload (an attachment) is cached: by the viewer's browser only, for an hour, then asked for (and its access checked) again. */
export const PRIVATE_UPLOAD_CACHE_CONTROL = 'private, max-age=3600';

/**
 * Whether this request may fetch the private upload `key` (an attachment; uploads/service.ts
 * servedFormat). The session cookie is read (a browser sends it with an <img>, <video> or link of
 * the same origin): nobody signed in may fetch nothing. An attachment of a message (not deleted)
 * is for whoever may view its channel now (VIEW_CHANNEL: a team channel's members with the bit,
 * public channels included — they are public to the team, not to the world; a direct chat's
 * members), as they are who receive the message. An upload no message holds (still in the composer,
 * or of a scheduled message) is for its uploader only. Anything else — no such upload, its message
 * deleted — is not for anyone. The route answers 404 for every refusal, as for a key that does not
 * exist, so that a refusal tells nothing.
 */
export async function mayFetchPrivateUpload(app: FastifyInstance, request: FastifyRequest, key: string): Promise<boolean> {
  await authenticate(request);
  const { userId } = request;
  if (!userId) return false;
  const upload = await findServedUpload(app.db, key, new Date());
  if (!upload) return false;
  if (upload.channelId) {
    const found = await new AccessCache(app.db).channel(upload.channelId, userId);
    return found !== null && hasBit(channelPermissions(found.access, found.channel), ChannelPermission.VIEW_CHANNEL);
  }
  return upload.live && upload.uploaderId === userId;
}
