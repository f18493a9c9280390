import { z } from 'zod';
import { snowflakeSchema } from './common';

/**
 * Message attachments (spec 001 §3 Attachment, §9: at most 5 per message; 20 MB each, 50 MB with
 * Plus; image, video, audio, pdf, doc, docx, ppt, pptx, xls, xlsx, txt). A file is uploaded first
 * (POST /api/v1/upload with type `attachment`), then sent with a message by its id. Its format is
 * told by its content, never by its name or declared type.
 */
export const ATTACHMENT_TYPES = ['image', 'video', 'audio', 'file'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** Every format an attachment may be: what it shows as, the Content-Type it is served with, the extension of its stored key. */
export const ATTACHMENT_FORMATS = {
  png: { type: 'image', contentType: 'image/png', extension: 'png' },
  jpeg: { type: 'image', contentType: 'image/jpeg', extension: 'jpg' },
  gif: { type: 'image', contentType: 'image/gif', extension: 'gif' },
  webp: { type: 'image', contentType: 'image/webp', extension: 'webp' },
  mp4: { type: 'video', contentType: 'video/mp4', extension: 'mp4' },
  mov: { type: 'video', contentType: 'video/quicktime', extension: 'mov' },
  webm: { type: 'video', contentType: 'video/webm', extension: 'webm' },
  mp3: { type: 'audio', contentType: 'audio/mpeg', extension: 'mp3' },
  m4a: { type: 'audio', contentType: 'audio/mp4', extension: 'm4a' },
  ogg: { type: 'audio', contentType: 'audio/ogg', extension: 'ogg' },
  wav: { type: 'audio', contentType: 'audio/wav', extension: 'wav' },
  flac: { type: 'audio', contentType: 'audio/flac', extension: 'flac' },
  pdf: { type: 'file', contentType: 'application/pdf', extension: 'pdf' },
  doc: { type: 'file', contentType: 'application/msword', extension: 'doc' },
  xls: { type: 'file', contentType: 'application/vnd.ms-excel', extension: 'xls' },
  ppt: { type: 'file', contentType: 'application/vnd.ms-powerpoint', extension: 'ppt' },
  docx: { type: 'file', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
  xlsx: { type: 'file', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  pptx: { type: 'file', contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extension: 'pptx' },
  txt: { type: 'file', contentType: 'text/plain; charset=utf-8', extension: 'txt' },
} as const satisfies Record<string, { type: AttachmentType; contentType: string; extension: string }>;
export type AttachmentFormat = keyof typeof ATTACHMENT_FORMATS;

/** The file picker's `accept`: the formats' types and extensions (a hint only; the server checks the content). */
export const ATTACHMENT_ACCEPT = [
  'image/png,image/jpeg,image/gif,image/webp,video/mp4,video/quicktime,video/webm,audio/*',
  ...Object.values(ATTACHMENT_FORMATS).map((f) => `.${f.extension}`),
  '.jpeg',
].join(',');

/** True when a chosen file may be an attachment, by its name or declared type (before uploading; the server decides by content). */
export function mayBeAttachment(file: { name: string; type: string }): boolean {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1]?.toLowerCase();
  if (extension && (extension === 'jpeg' || Object.values(ATTACHMENT_FORMATS).some((f) => f.extension === extension))) return true;
  const type = file.type.toLowerCase();
  return type !== '' && Object.values(ATTACHMENT_FORMATS).some((f) => f.contentType.split(';')[0] === type);
}

/** The longest file name kept (longer ones are cut, keeping the extension). */
export const ATTACHMENT_NAME_MAX = 255;

/**
 * An attachment as a message carries it. `width` and `height` (pixels) are known for images and
 * videos, so that a preview reserves its space before it loads; null for anything else.
 */
export const attachmentSchema = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  fileSizeBytes: z.number().int().nonnegative(),
  type: z.enum(ATTACHMENT_TYPES),
  contentType: z.string(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** An attachment in a send request: the id the upload answered. */
export const attachmentRefSchema = z.object({ id: snowflakeSchema });

/** The largest video dimension a client may report (its own reading of the video; only sizes the preview). */
export const VIDEO_DIMENSION_MAX = 16_384;
