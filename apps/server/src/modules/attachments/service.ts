import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ATTACHMENT_FORMATS, ATTACHMENT_NAME_MAX, type Attachment, type AttachmentFormat } from '@rally/shared/api/attachments';
import { LINE_CONTROL_CHARACTERS, stripBidiControls } from '@rally/shared/api/text';
import type { Executor } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { newId } from '../../lib/snowflake';
import { reencodeImage } from '../uploads/image';
import { newUploadKey } from '../uploads/keys';
import type { ReceivedUpload } from '../uploads/receive';
import { unusedUntil } from '../uploads/records';
import { insertUploads, takeAttachmentUploads } from '../uploads/repository';
import { UPLOADS_PATH, type Storage } from '../uploads/storage';
import { ATTACHMENT_UPLOAD, IMAGE_LIMITS } from '@rally/shared/api/uploads';
import { sniffAttachment } from './sniff';

/**
 * Store an attachment upload (received into `dir`, a temporary directory the caller removes) for
 * `uploaderId`: its format told by its content (sniff.ts; anything else is refused with
 * attachment_format_unsupported); an image decoded and written again without metadata, its size
 * read; a video's size as the client reported it (it only reserves the preview's space). The file
 * is stored under a new random key (`attachment/<128 random bits>.<extension>`), then its row
 * written (unused until a message takes it, within a day). Its URL is always Rally's own
 * `/uploads/<key>` (never S3_PUBLIC_URL): GET /uploads/* serves it only to who may see it.
 */
export async function storeAttachment(
  db: Executor,
  storage: Storage,
  upload: ReceivedUpload,
  dir: string,
  uploaderId: string,
  video: { width?: number; height?: number },
): Promise<Attachment> {
  const { file } = upload;
  if (!file || file.size === 0) throw badRequest('attachment_file_required', { image: 'attachment_file_required' });
  const format = await sniffAttachment(file.path);
  if (!format) throw badRequest('attachment_format_unsupported', { image: 'attachment_format_unsupported' });
  const { type, contentType, extension } = ATTACHMENT_FORMATS[format];
  let stored = { path: file.path, size: file.size };
  let size: { width: number; height: number } | null = null;
  if (type === 'image') {
    const output = path.join(dir, `clean.${extension}`);
    size = await reencodeImage(file.path, output, format as 'png' | 'jpeg' | 'gif' | 'webp', IMAGE_LIMITS[ATTACHMENT_UPLOAD]);
    stored = { path: output, size: (await stat(output)).size };
  } else if (type === 'video' && video.width && video.height) {
    size = { width: video.width, height: video.height };
  }
  const id = newId();
  const key = newUploadKey(ATTACHMENT_UPLOAD, extension);
  await storage.put(key, { ...stored, contentType, download: type === 'file', private: true });
  const attachment: Attachment = {
    id,
    url: `${UPLOADS_PATH}/${key}`,
    name: attachmentName(file.name, format),
    fileSizeBytes: stored.size,
    type,
    contentType,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
  await insertUploads(db, [{ id, key, kind: ATTACHMENT_UPLOAD, uploaderId, attachment, removeAt: unusedUntil(new Date()) }]);
  return attachment;
}

/**
 * The name an attachment shows and downloads as: the uploaded file's name without folders,
 * control and bidirectional characters, cut to ATTACHMENT_NAME_MAX keeping its extension, and
 * ending in the extension of the format it really is (a text file named `page.html` becomes
 * `page.html.txt`), so that a download never opens as something else. No name: `file.<ext>`.
 */
export function attachmentName(raw: string | undefined, format: AttachmentFormat): string {
  const { extension } = ATTACHMENT_FORMATS[format];
  // Bounded before any pattern runs on it (the part header is the client's): its end, which holds the name and extension.
  const bounded = (raw ?? '').slice(-4 * ATTACHMENT_NAME_MAX);
  const accepted = format === 'jpeg' ? ['jpg', 'jpeg'] : [extension];
  const base = stripBidiControls(path.posix.basename(bounded.replaceAll('\\', '/')))
    .replace(new RegExp(LINE_CONTROL_CHARACTERS.source, 'g'), '')
    .trim();
  const own = /\.([^.]+)$/.exec(base)?.[1]?.toLowerCase();
  const named = base === '' || base === '.' || base === '..' ? `file.${extension}` : own && accepted.includes(own) ? base : `${base}.${extension}`;
  if (named.length <= ATTACHMENT_NAME_MAX) return named;
  const suffix = named.slice(named.lastIndexOf('.'));
  return `${named.slice(0, ATTACHMENT_NAME_MAX - suffix.length)}${suffix}`;
}

/**
 * The attachments of a message being sent (or scheduled), held from now by `holderId` (the
 * message's id, or the scheduled message's): the sender's own uploads, each used once. Call it
 * inside the transaction that writes the message, so that a failed write leaves them unused. Any
 * id that is not theirs, not there or already sent: 400 attachment_invalid, nothing taken (the
 * request schema bounds their count: LIMITS.attachments.max).
 */
export async function takeAttachments(db: Executor, uploaderId: string, refs: readonly { id: string }[] | undefined, holderId: string): Promise<Attachment[]> {
  if (!refs || refs.length === 0) return [];
  const ids = refs.map((r) => r.id);
  const taken = await takeAttachmentUploads(db, uploaderId, ids, holderId, new Date());
  if (taken.length !== ids.length) throw badRequest('attachment_invalid', { attachments: 'attachment_invalid' });
  return taken;
}
