import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ATTACHMENT_FORMATS } from '@rally/shared/api/attachments';
import { ATTACHMENT_UPLOAD, IMAGE_FORMAT_FILES, IMAGE_LIMITS, UPLOAD_KINDS, type ImageFormat, type UploadKind } from '@rally/shared/api/uploads';
import { badRequest } from '../../lib/errors';
import { newId } from '../../lib/snowflake';
import { readHead, reencodeImage, sniffImage } from './image';
import { newUploadKey, parseUploadKey } from './keys';
import type { ReceivedUpload } from './receive';
import { removeUploads, unusedUntil, type StorageDeps } from './records';
import { insertUploads, releaseOtherBackgrounds } from './repository';

/** A stored upload: its id, key in the storage and public URL. */
export interface StoredUpload {
  id: string;
  key: string;
  url: string;
}

/** The file part of the spec's multipart body. */
export const UPLOAD_FILE_FIELD = 'image';

/**
 * Store an image upload of `uploaderId` (received by receive.ts into `dir`, a temporary directory
 * the caller removes): its fields validated, its format told by its first bytes and checked against
 * what the upload's `type` accepts, the image decoded (pixel limit first) and written again without
 * metadata into `dir`, and the result stored under a new random key (keys.ts newUploadKey) and
 * recorded (records.ts): unused until a profile or team takes it, within a day. A custom background
 * is held by its uploader at once (it is chosen on the device, the server is not told) and
 * replaces their earlier ones, whose files are removed.
 */
export async function storeUpload(
  deps: Pick<StorageDeps, 'db' | 'storage' | 'log'>,
  upload: ReceivedUpload,
  dir: string,
  type: UploadKind,
  uploaderId: string,
): Promise<StoredUpload> {
  const { file } = upload;
  if (!file || file.size === 0) throw badRequest('upload_image_required', { [UPLOAD_FILE_FIELD]: 'upload_image_required' });
  const accepted: readonly ImageFormat[] = UPLOAD_KINDS[type];
  const format = sniffImage(await readHead(file.path));
  if (!format || !accepted.includes(format)) {
    const formats = accepted.map((f) => f.toUpperCase()).join(', ');
    throw badRequest('upload_format_unsupported', { [UPLOAD_FILE_FIELD]: 'upload_format_unsupported' }, { formats });
  }
  const { contentType, extension } = IMAGE_FORMAT_FILES[format];
  const output = path.join(dir, `clean.${extension}`);
  await reencodeImage(file.path, output, format, IMAGE_LIMITS[type]);
  const id = newId();
  const key = newUploadKey(type, extension);
  await deps.storage.put(key, { path: output, size: (await stat(output)).size, contentType });
  const now = new Date();
  if (type !== CUSTOM_BACKGROUND) {
    await insertUploads(deps.db, [{ id, key, kind: type, uploaderId, removeAt: unusedUntil(now) }]);
  } else {
    const replaced = await deps.db.transaction(async (tx) => {
      await insertUploads(tx, [{ id, key, kind: type, uploaderId, holderId: uploaderId, removeAt: null }]);
      return releaseOtherBackgrounds(tx, uploaderId, key, now);
    });
    await removeUploads(deps, replaced, now);
  }
  return { id, key, url: deps.storage.url(key) };
}

/** The upload type of the custom background (000 §2), which only its uploader's devices show. */
const CUSTOM_BACKGROUND: UploadKind = 'customBackground';

/** The folder of team emoji images: `emojis/<id>.webp` (modules/emojis), which GET /uploads/* serves at customEmojiPath(id). */
export const EMOJI_KEY_FOLDER = 'emojis';

/**
 * How a key this module, the attachments module or the emoji module made (keys.ts parseUploadKey;
 * an emoji's is `emojis/<id>.webp`) is served, or null for any other string (the served route's
 * check): its Content-Type; whether a page may show it (images, videos, audio) or it is only
 * downloaded (documents and text: `Content-Disposition: attachment`, so that the browser never
 * renders one on Rally's origin); and whether it is private (an attachment: served only to who may
 * see it, routes.ts) or public (pictures, banners, backgrounds, emoji).
 */
export function servedFormat(key: string): { contentType: string; inline: boolean; private: boolean } | null {
  const parsed = parseUploadKey(key);
  if (!parsed) return null;
  const { folder, extension } = parsed;
  if (folder === EMOJI_KEY_FOLDER)
    return !parsed.random && extension === IMAGE_FORMAT_FILES.webp.extension
      ? { contentType: IMAGE_FORMAT_FILES.webp.contentType, inline: true, private: false }
      : null;
  if (folder === ATTACHMENT_UPLOAD) {
    const format = Object.values(ATTACHMENT_FORMATS).find((f) => f.extension === extension);
    return format ? { contentType: format.contentType, inline: format.type !== 'file', private: true } : null;
  }
  if (!Object.hasOwn(UPLOAD_KINDS, folder)) return null;
  const image = Object.values(IMAGE_FORMAT_FILES).find((f) => f.extension === extension);
  return image ? { contentType: image.contentType, inline: true, private: false } : null;
}

/** The Content-Type of a key this module made, or null for any other string. */
export function uploadContentType(key: string): string | null {
  return servedFormat(key)?.contentType ?? null;
}
