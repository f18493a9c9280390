import { ATTACHMENT_FORMATS, mayBeAttachment, type AttachmentType } from '@rally/shared/api/attachments';
import { LIMITS } from '@rally/shared/limits';

/** How files came to the composer: the attach button's picker, a paste into the box, or a drop on the chat. */
export type AttachSource = 'pick' | 'paste' | 'drop';

/** Why a file is not attached: not a format attachments may be, not an image (a drop), over the user's size limit, or past the 5 of a message. */
export type Rejection = 'format' | 'notImage' | 'tooLarge' | 'tooMany';

export interface FileFacts {
  name: string;
  /** The browser's declared type ('' when it does not know). */
  type: string;
  size: number;
}

const FORMATS = Object.values(ATTACHMENT_FORMATS);

function extensionOf(name: string): string | undefined {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase();
  return extension === 'jpeg' ? 'jpg' : extension;
}

/**
 * What a chosen file will most likely show as (its extension, else its declared type); the server
 * decides by the content. Unknown files are 'file'.
 */
export function guessAttachmentType(file: Pick<FileFacts, 'name' | 'type'>): AttachmentType {
  const extension = extensionOf(file.name);
  const byExtension = extension ? FORMATS.find((f) => f.extension === extension) : undefined;
  if (byExtension) return byExtension.type;
  const type = file.type.toLowerCase();
  return FORMATS.find((f) => f.contentType.split(';')[0] === type)?.type ?? 'file';
}

/** A file that may be attached and looks like an image (what a drop on the chat accepts, 001 §7). */
export function isImageFile(file: Pick<FileFacts, 'name' | 'type'>): boolean {
  return mayBeAttachment(file) && guessAttachmentType(file) === 'image';
}

/**
 * The client's checks of files about to be attached (001 §7, §9), before anything is uploaded:
 * a format attachments may be (by name or declared type; the server checks the content), an image
 * when dropped, at most `limitBytes` (the user's uploadLimitBytes), and at most 5 per message with
 * the `count` already attached. Files are taken in order; past the fifth, the rest are refused.
 */
export function checkFiles<F extends FileFacts>(
  files: readonly F[],
  { count, limitBytes, source }: { count: number; limitBytes: number; source: AttachSource },
): { accepted: F[]; rejected: { file: F; reason: Rejection }[] } {
  const accepted: F[] = [];
  const rejected: { file: F; reason: Rejection }[] = [];
  for (const file of files) {
    const reason: Rejection | null = !mayBeAttachment(file)
      ? 'format'
      : source === 'drop' && !isImageFile(file)
        ? 'notImage'
        : file.size > limitBytes
          ? 'tooLarge'
          : count + accepted.length >= LIMITS.attachments.max
            ? 'tooMany'
            : null;
    if (reason) rejected.push({ file, reason });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

/**
 * Whether a file's first bytes are a PNG, JPEG, GIF or WebP image (the formats an image attachment
 * may be): only those get a thumbnail before they are uploaded, so that a file named like an image
 * that is none is never loaded as one.
 */
export function looksLikeImage(head: Uint8Array): boolean {
  const startsWith = (bytes: readonly number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
  return (
    startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    startsWith([0xff, 0xd8, 0xff]) ||
    startsWith(ascii('GIF87a')) ||
    startsWith(ascii('GIF89a')) ||
    (startsWith(ascii('RIFF')) && startsWith(ascii('WEBP'), 8))
  );
}
