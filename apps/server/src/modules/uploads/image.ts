import { open } from 'node:fs/promises';
import sharp from 'sharp';
import type { ImageFormat, ImageLimits } from '@rally/shared/api/uploads';
import { AppError, badRequest } from '../../lib/errors';
import { imageWork } from './image-work';

/** The format a file's first bytes say it is (its name and declared type are never asked), or null. */
export function sniffImage(head: Uint8Array): ImageFormat | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => head[i] === byte)) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** The first bytes of a file, for sniffImage. */
export async function readHead(path: string, length = 16): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** How reencodeImage writes the image when it is not to stay as it is. */
export interface ReencodeOptions {
  /** Scaled down (never up) to fit inside a square of this many pixels, keeping its aspect ratio. */
  fitInside?: number;
  /** Written in this format instead of its own (an animation stays one when the format has them: gif, webp). */
  to?: ImageFormat;
}

/**
 * Decode the image at `input` and write it again to `output` in the same format (or `to`,
 * scaled by `fitInside`): every frame of an animation kept, EXIF orientation applied to
 * the pixels, and no metadata at all (EXIF, GPS, ICC profiles, comments: sharp writes none unless
 * asked). The header is read first, and an image beyond `limits` refused before anything is
 * decoded: a frame wider or taller than `maxSide` (upload_dimensions_too_large), more than
 * `maxFrames` frames (upload_too_many_frames), more than `maxPixels` pixels in all frames together
 * (upload_too_many_pixels); libvips is also told the
 * pixel limit (`limitInputPixels`), so a header that lies cannot get past it, and stops after
 * `maxSeconds` of work (sharp's timeout: upload_too_slow). The work waits its turn in the
 * process's image queue (image-work.ts), so that images never take every thread of libuv's pool.
 */
export function reencodeImage(
  input: string,
  output: string,
  format: ImageFormat,
  limits: ImageLimits,
  options: ReencodeOptions = {},
): Promise<{ width: number; height: number }> {
  return imageWork.run(() => reencode(input, output, format, limits, options));
}

async function reencode(
  input: string,
  output: string,
  format: ImageFormat,
  { maxSide, maxFrames, maxPixels, maxSeconds }: ImageLimits,
  { fitInside, to }: ReencodeOptions,
): Promise<{ width: number; height: number }> {
  const animated = format === 'gif' || format === 'webp';
  const options = { limitInputPixels: maxPixels, animated, sequentialRead: true } as const;
  let pipeline: sharp.Sharp;
  try {
    const meta = await sharp(input, options).metadata();
    if (meta.format !== format) throw badRequest('upload_failed');
    const pages = meta.pages ?? 1;
    const height = meta.pageHeight ?? meta.height;
    if (meta.width > maxSide || height > maxSide) throw refusal('upload_dimensions_too_large', maxSide);
    if (pages > maxFrames) throw refusal('upload_too_many_frames', maxFrames);
    if (meta.width * height * pages > maxPixels) throw refusal('upload_too_many_pixels', Math.floor(maxPixels / 1_000_000));
    pipeline = sharp(input, options).timeout({ seconds: maxSeconds });
    if (pages === 1) pipeline = pipeline.autoOrient();
    if (fitInside) pipeline = pipeline.resize(fitInside, fitInside, { fit: 'inside', withoutEnlargement: true });
    switch (to ?? format) {
      case 'png':
        pipeline = pipeline.png();
        break;
      case 'jpeg':
        pipeline = pipeline.jpeg({ quality: 90, mozjpeg: true });
        break;
      case 'gif':
        pipeline = pipeline.gif();
        break;
      case 'webp':
        pipeline = pipeline.webp({ quality: 90 });
        break;
    }
    const info = await pipeline.toFile(output);
    return { width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // libvips' words for the pixel limit and for sharp's timeout; anything else it cannot decode is a broken image.
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw refusal('upload_too_many_pixels', Math.floor(maxPixels / 1_000_000));
    if (err instanceof Error && /^timeout/i.test(err.message)) throw refusal('upload_too_slow');
    throw badRequest('upload_failed');
  }
}

/** A refusal of the image, named on the file field of POST /api/v1/upload (`image`). */
function refusal(code: 'upload_dimensions_too_large' | 'upload_too_many_frames' | 'upload_too_many_pixels' | 'upload_too_slow', max?: number): AppError {
  return badRequest(code, { image: code }, max === undefined ? {} : { max });
}
