import { randomBytes } from 'node:crypto';
import { IMAGE_FORMAT_FILES, UPLOAD_KINDS, type UploadKind } from '@rally/shared/api/uploads';
import type { Config } from '../../env';
import { badRequest } from '../../lib/errors';
import { UPLOADS_PATH } from './storage/types';

/** Random bytes in the name of every new upload's key: 128 bits, so that no key can be guessed (SECURITY.md, "Uploads"). */
export const UPLOAD_KEY_RANDOM_BYTES = 16;

/**
 * A new storage key in `folder`: `<folder>/<22 base64url characters>.<extension>`, the name being
 * UPLOAD_KEY_RANDOM_BYTES from the system's CSPRNG. (Team emoji are the exception: their key is
 * `emojis/<emoji id>.webp`, told by the id that message texts carry; emoji are public.)
 */
export function newUploadKey(folder: string, extension: string): string {
  return `${folder}/${randomBytes(UPLOAD_KEY_RANDOM_BYTES).toString('base64url')}.${extension}`;
}

/**
 * The parts of a key this server made: its folder (an upload type, or `emojis`), its name — 22
 * base64url characters (newUploadKey), or the decimal snowflake of a key made before random names
 * (those files are still served, to whoever may see them) — and its extension. Null for any other string.
 */
export function parseUploadKey(key: string): { folder: string; name: string; extension: string; random: boolean } | null {
  const match = /^([A-Za-z]{1,32})\/([\w-]{22}|\d{1,20})\.([a-z0-9]{3,4})$/.exec(key);
  if (!match) return null;
  const [, folder = '', name = '', extension = ''] = match;
  return { folder, name, extension, random: !/^\d+$/.test(name) };
}

/** Where this server's public upload URLs start: S3_PUBLIC_URL when S3 is configured with one (as S3Storage.url), else /uploads. */
export function uploadUrlBase(config: Config): string {
  const s3 = config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY;
  return s3 && config.S3_PUBLIC_URL ? config.S3_PUBLIC_URL.replace(/\/$/, '') : UPLOADS_PATH;
}

/**
 * True when `url` is a URL `POST /api/v1/upload` of this server answers for an upload of `kind`:
 * the server's base, then a key of the kind's folder (parseUploadKey) with the extension of a
 * format the kind accepts. Anything else (another host, another kind, a path with other
 * characters) is false. Whose upload it is, is the holder's check (records.ts takeUploadByKey).
 */
export function isUploadUrlOfKind(config: Config, url: string, kind: UploadKind): boolean {
  const base = `${uploadUrlBase(config)}/`;
  if (!url.startsWith(base)) return false;
  const parsed = parseUploadKey(url.slice(base.length));
  if (!parsed || parsed.folder !== kind) return false;
  const formats: readonly (keyof typeof IMAGE_FORMAT_FILES)[] = UPLOAD_KINDS[kind];
  return formats.some((format) => IMAGE_FORMAT_FILES[format].extension === parsed.extension);
}

/**
 * The storage key of an upload URL this server handed out (checked by isUploadUrlOfKind when it
 * was stored): its last two path segments when they are a key (parseUploadKey), else null.
 */
export function uploadKeyOfUrl(url: string): string | null {
  const key = url.split('/').slice(-2).join('/');
  return parseUploadKey(key) ? key : null;
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
