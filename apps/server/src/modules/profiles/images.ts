import type { UploadKind } from '@rally/shared/api/uploads';
import type { Config } from '../../env';
import { notFound } from '../../lib/errors';
import { assertUploadUrl } from '../uploads/keys';
import { removeUploads, replaceHeldImage, type StorageDeps } from '../uploads/records';
import { replaceProfileImage, type ProfileImageField } from './repository';
import { publishProfileUpdate, type ProfileDeps } from './service';

/** The upload kind each profile image takes (POST /api/v1/upload `type`). */
const IMAGE_KINDS: Record<ProfileImageField, UploadKind> = { profilePicture: 'userAvatar', banner: 'userBanner' };

/**
 * Set the caller's avatar (`profilePicture`) or banner to `url` — an upload URL of this server of
 * the field's kind (userAvatar, userBanner; 400 profile_image_invalid on `requestField` for any other
 * string), which must be the caller's own upload, not used elsewhere (400 upload_not_own,
 * upload_in_use) — or null to remove it. In one transaction with the user's row locked, in which
 * the new upload is held by the user and the image it replaced released if the user held it
 * (uploads/records.ts replaceHeldImage: never another user's file). After it, when the value
 * changed, the circle gets USER_PROFILE_UPDATED and the replaced image's file is removed.
 */
export async function setProfileImage(
  deps: StorageDeps & Pick<ProfileDeps, 'profileUpdates'> & { config: Config },
  userId: string,
  field: ProfileImageField,
  requestField: string,
  url: string | null,
): Promise<string | null> {
  const kind = IMAGE_KINDS[field];
  assertUploadUrl(deps.config, requestField, url, kind, 'profile_image_invalid');
  const now = new Date();
  const result = await deps.db.transaction(async (tx) => {
    const old = await replaceProfileImage(tx, userId, field, url);
    if (old === undefined) return undefined;
    const released = await replaceHeldImage(tx, { kind, field: requestField, uploaderId: userId, holderId: userId, old, next: url }, now);
    return { old, released };
  });
  if (result === undefined) throw notFound('user_not_found');
  if (result.old === url) return url;
  await publishProfileUpdate(deps, { userId, [field]: url });
  await removeUploads(deps, result.released, now);
  return url;
}
