import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ATTACHMENT_FORMATS } from '@rally/shared/api/attachments';
import { ATTACHMENT_UPLOAD, IMAGE_FORMAT_FILES, UPLOAD_KINDS, UPLOAD_LIMITS, type ImageFormat, type UploadKind } from '@rally/shared/api/uploads';
import { badRequest } from '../../lib/errors';
import { newId } from '../../lib/snowflake';
import { readHead, reencodeImage, sniffImage } from './image';
import type { ReceivedUpload } from './receive';
import type { Storage } from './storage';

/** A stored upload: its id, key in the storage and public URL. */
export interface StoredUpload {
  id: string;
  key: string;
  url: string;
}

/** The file part of the spec's multipart body. */
export const UPLOAD_FILE_FIELD = 'image';

/**
 * Store an image upload (received by receive.ts into `dir`, a temporary directory the caller
 * removes): its fields validated, its format told by its first bytes and checked against what the
 * upload's `type` accepts, the image decoded (pixel limit first) and written again without
 * metadata into `dir`, and the result stored under `<type>/<id>.<ext>`.
 */
export async function storeUpload(storage: Storage, upload: ReceivedUpload, dir: string, type: UploadKind): Promise<StoredUpload> {
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
  await reencodeImage(file.path, output, format, UPLOAD_LIMITS.maxPixels);
  const id = newId();
  const key = `${type}/${id}.${extension}`;
  await storage.put(key, { path: output, size: (await stat(output)).size, contentType });
  return { id, key, url: storage.url(key) };
}

/** The folder of team emoji images: `emojis/<id>.webp` (modules/emojis), which GET /uploads/* serves at customEmojiPath(id). */
export const EMOJI_KEY_FOLDER = 'emojis';

/**
 * How a key this module, the attachments module or the emoji module made (`<type>/<id>.<ext>`) is
 * served, or null for any other string (the served route's check): its Content-Type, and whether
 * a page may show it (images, videos, audio) or it is only downloaded (documents and text:
 * `Content-Disposition: attachment`, so that the browser never renders one on Rally's origin).
 */
export function servedFormat(key: string): { contentType: string; inline: boolean } | null {
  const match = /^([A-Za-z]{1,32})\/\d{1,20}\.([a-z0-9]{3,4})$/.exec(key);
  if (!match) return null;
  const [, type, extension] = match;
  if (type === EMOJI_KEY_FOLDER)
    return extension === IMAGE_FORMAT_FILES.webp.extension ? { contentType: IMAGE_FORMAT_FILES.webp.contentType, inline: true } : null;
  if (type === ATTACHMENT_UPLOAD) {
    const format = Object.values(ATTACHMENT_FORMATS).find((f) => f.extension === extension);
    return format ? { contentType: format.contentType, inline: format.type !== 'file' } : null;
  }
  if (!type || !Object.hasOwn(UPLOAD_KINDS, type)) return null;
  const image = Object.values(IMAGE_FORMAT_FILES).find((f) => f.extension === extension);
  return image ? { contentType: image.contentType, inline: true } : null;
}

/** The Content-Type of a key this module made, or null for any other string. */
export function uploadContentType(key: string): string | null {
  return servedFormat(key)?.contentType ?? null;
}
