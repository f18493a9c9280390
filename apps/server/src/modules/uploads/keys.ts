import { IMAGE_FORMAT_FILES, UPLOAD_KINDS, type UploadKind } from '@rally/shared/api/uploads';
import type { Config } from '../../env';
import { badRequest } from '../../lib/errors';
import { UPLOADS_PATH } from './storage/types';

/** Where this server's upload URLs start: S3_PUBLIC_URL when S3 is configured with one (as S3Storage.url), else /uploads. */
export function uploadUrlBase(config: Config): string {
  const s3 = config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY;
  return s3 && config.S3_PUBLIC_URL ? config.S3_PUBLIC_URL.replace(/\/$/, '') : UPLOADS_PATH;
}

/**
 * True when `url` is a URL `POST /api/v1/upload` of this server answers for an upload of `kind`:
 * the server's base, then `<kind>/<snowflake>.<extension of a format the kind accepts>`. Anything
 * else (another host, another kind, a path with other characters) is false.
 */
export function isUploadUrlOfKind(config: Config, url: string, kind: UploadKind): boolean {
  const base = `${uploadUrlBase(config)}/${kind}/`;
  if (!url.startsWith(base)) return false;
  const match = /^\d{1,20}\.([a-z]{3,4})$/.exec(url.slice(base.length));
  if (!match) return false;
  const formats: readonly (keyof typeof IMAGE_FORMAT_FILES)[] = UPLOAD_KINDS[kind];
  return formats.some((format) => IMAGE_FORMAT_FILES[format].extension === match[1]);
}

/** The storage key of an upload URL of `kind` (isUploadUrlOfKind), or null for any other string. */
export function uploadKeyOf(config: Config, url: string, kind: UploadKind): string | null {
  return isUploadUrlOfKind(config, url, kind) ? url.slice(uploadUrlBase(config).length + 1) : null;
}

/** 400 `error` (team_image_invalid unless given; on `field`) unless `url` is null, absent or an upload URL of `kind` (isUploadUrlOfKind). */
export function assertUploadUrl(
  config: Config,
  field: string,
  url: string | null | undefined,
  kind: UploadKind,
  error: 'team_image_invalid' | 'profile_image_invalid' = 'team_image_invalid',
): void {
  if (url != null && !isUploadUrlOfKind(config, url, kind)) throw badRequest(error, { [field]: error });
}
