import type { UploadKind } from '@rally/shared/api/uploads';
import type { Config } from '../../env';
import { notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { assertUploadUrl, uploadKeyOf } from '../uploads/keys';
import type { Storage } from '../uploads/storage';
import { profileImageInUse, replaceProfileImage, type ProfileImageField } from './repository';
import { publishProfileUpdate } from './service';

/** The upload kind each profile image takes (POST /api/v1/upload `type`). */
const IMAGE_KINDS: Record<ProfileImageField, UploadKind> = { profilePicture: 'userAvatar', banner: 'userBanner' };

/** Where the images are stored and how their URLs are told (the app's storage and config). */
export interface ProfileImageStore {
  config: Config;
  storage: Storage;
  /** Told when a replaced image could not be removed (it stays, unused). */
  onRemoveError: (err: unknown, key: string) => void;
}

/**
 * Set the caller's avatar (`profilePicture`) or banner to `url` — an upload URL of this server of
 * the field's kind (userAvatar, userBanner; 400 profile_image_invalid on `requestField` for any other
 * string) — or null to remove it. In one transaction with the user's row locked; after it, when the
 * value changed, the circle gets USER_PROFILE_UPDATED and the image it replaced, when it was one of
 * ours that no user shows any more, is removed from the storage.
 */
export async function setProfileImage(
  deps: ServiceDeps,
  store: ProfileImageStore,
  userId: string,
  field: ProfileImageField,
  requestField: string,
  url: string | null,
): Promise<string | null> {
  const kind = IMAGE_KINDS[field];
  assertUploadUrl(store.config, requestField, url, kind, 'profile_image_invalid');
  const old = await deps.db.transaction((tx) => replaceProfileImage(tx, userId, field, url));
  if (old === undefined) throw notFound('user_not_found');
  if (old === url) return url;
  await publishProfileUpdate(deps, { userId, [field]: url });
  const oldKey = old === null ? null : uploadKeyOf(store.config, old, kind);
  if (old !== null && oldKey !== null && !(await profileImageInUse(deps.db, old))) {
    await store.storage.delete(oldKey).catch((err: unknown) => store.onRemoveError(err, oldKey));
  }
  return url;
}
