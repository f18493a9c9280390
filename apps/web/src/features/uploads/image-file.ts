import { UPLOAD_LIMITS } from '@rally/shared/api/uploads';

/**
 * The checks of a chosen image before it is uploaded (000 §5 Images): PNG, JPEG or GIF only, at
 * most 20 MB ('File size exceeds 20MB.'); an animated GIF is uploaded uncropped (a canvas would keep
 * only its first frame). The server checks all of it again by the file's content.
 */

/** The types the file inputs accept (the server tells the format by the bytes). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;

/** The size limit in MB, for the `{{max}}` of errors:upload_too_large. */
export const IMAGE_MAX_MB = UPLOAD_LIMITS.maxBytes / (1024 * 1024);

/** Why a chosen file is refused, as an i18n key (`uploads:` or `errors:`), or null when it may be uploaded. */
export function imageFileProblem(file: { type: string; size: number }): 'uploads:image.fileType' | 'errors:upload_too_large' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'uploads:image.fileType';
  if (file.size > UPLOAD_LIMITS.maxBytes) return 'errors:upload_too_large';
  return null;
}

/** Skip a GIF's data sub-blocks from `at` (each a length byte, then that many bytes; 0 ends them); the offset after them, or -1 past the end. */
function skipSubBlocks(bytes: Uint8Array, at: number): number {
  let i = at;
  while (i < bytes.length) {
    const length = bytes[i]!; // i < bytes.length
    i += 1 + length;
    if (length === 0) return i;
  }
  return -1;
}

/**
 * Whether the bytes are a GIF of more than one frame (image descriptor): the blocks are walked
 * (header, screen descriptor and its colour table, then extensions and images until the trailer).
 * Anything that is not a well-formed GIF start is false.
 */
export function isAnimatedGif(bytes: Uint8Array): boolean {
  const head = String.fromCharCode(...bytes.subarray(0, 6));
  if ((head !== 'GIF87a' && head !== 'GIF89a') || bytes.length < 13) return false;
  const tableSize = (flags: number) => ((flags & 0x80) !== 0 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let i = 13 + tableSize(bytes[10]!); // length checked above
  let frames = 0;
  while (i >= 0 && i < bytes.length) {
    const block = bytes[i];
    if (block === 0x2c) {
      frames += 1;
      if (frames > 1) return true;
      if (i + 10 > bytes.length) return false;
      i = skipSubBlocks(bytes, i + 10 + tableSize(bytes[i + 9]!) + 1); // descriptor (10 bytes), local colour table, LZW code size
    } else if (block === 0x21) {
      i = skipSubBlocks(bytes, i + 2); // introducer and label
    } else {
      return false; // the trailer (0x3b) or bytes that are not a GIF block
    }
  }
  return false;
}

/** isAnimatedGif of a chosen file (false for any other type). */
export async function isAnimatedGifFile(file: Blob): Promise<boolean> {
  return file.type === 'image/gif' && isAnimatedGif(new Uint8Array(await file.arrayBuffer()));
}
