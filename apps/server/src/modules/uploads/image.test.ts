import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_LIMITS } from '@rally/shared/api/uploads';
import { makeAnimatedGif, makeImage, makePixelBomb, makeBlankPng } from '../../../test/helpers/images';
import { AppError } from '../../lib/errors';
import { reencodeImage, sniffImage } from './image';

describe('sniffImage', () => {
  it('tells PNG, JPEG, GIF and WebP by their first bytes', async () => {
    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) expect(sniffImage(await makeImage(format))).toBe(format);
  });

  it('says null for anything else, however it is named', () => {
    for (const text of ['<svg xmlns="http://www.w3.org/2000/svg"/>', '%PDF-1.7', 'BM6\u0000\u0000', 'RIFF\u0000\u0000\u0000\u0000WAVEfmt ', 'GIF90a', '']) {
      expect(sniffImage(Buffer.from(text, 'latin1')), text).toBeNull();
    }
    expect(sniffImage(Uint8Array.from([0x89, 0x50, 0x4e]))).toBeNull();
  });
});

describe('reencodeImage', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rally-image-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** Limits with these pixels and sides (large unless given), and 30 s of work. */
  const limits = (maxPixels: number, maxSide = 1_000_000_000, maxSeconds = 30) => ({ maxPixels, maxSide, maxFrames: 1_000_000, maxSeconds });
  const file = async (name: string, bytes: Uint8Array) => {
    const where = path.join(dir, name);
    await writeFile(where, bytes);
    return where;
  };

  it('writes an animated WebP again with its frames and without its metadata', async () => {
    const frames = await Promise.all(
      [0, 1].map((i) =>
        sharp({ create: { width: 6, height: 6, channels: 3, background: { r: i * 200, g: 0, b: 0 } } })
          .png()
          .toBuffer(),
      ),
    );
    const webp = await sharp(frames, { join: { animated: true } })
      .webp()
      .withExif({ IFD0: { Artist: 'Someone Private' } })
      .toBuffer();
    const output = path.join(dir, 'out.webp');
    expect(await reencodeImage(await file('in.webp', webp), output, 'webp', limits(1_000))).toEqual({ width: 6, height: 12 });
    const meta = await sharp(output, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.exif]).toEqual(['webp', 2, undefined]);
  });

  it('refuses more pixels than allowed, all frames counted, and a header that does not match the bytes', async () => {
    const png = await file('small.png', await makeImage('png', 40, 30));
    await expect(reencodeImage(png, path.join(dir, 'a.png'), 'png', limits(1_199))).rejects.toMatchObject({ code: 'upload_too_many_pixels', vars: { max: 0 } });
    expect(await reencodeImage(png, path.join(dir, 'b.png'), 'png', limits(1_200))).toEqual({ width: 40, height: 30 });
    const bomb = await file('bomb.png', await makePixelBomb(100_000, 100_000));
    await expect(reencodeImage(bomb, path.join(dir, 'c.png'), 'png', limits(40_000_000))).rejects.toBeInstanceOf(AppError);
    await expect(reencodeImage(png, path.join(dir, 'd.jpg'), 'jpeg', limits(40_000_000))).rejects.toMatchObject({ code: 'upload_failed' });
  });

  it('refuses a frame wider or taller than its side limit from the header, before decoding: the 1 × 39,000,000 PNG', async () => {
    const thin = await file('thin.png', await makePixelBomb(1, 39_000_000));
    await expect(reencodeImage(thin, path.join(dir, 'e.png'), 'png', IMAGE_LIMITS.attachment)).rejects.toMatchObject({
      code: 'upload_dimensions_too_large',
      vars: { max: 16_384 },
    });
    const wide = await file('wide.png', await makeImage('png', 41, 2));
    await expect(reencodeImage(wide, path.join(dir, 'f.png'), 'png', limits(1_000, 40))).rejects.toMatchObject({ code: 'upload_dimensions_too_large' });
    const tall = await file('tall.png', await makeImage('png', 2, 41));
    await expect(reencodeImage(tall, path.join(dir, 'g.png'), 'png', limits(1_000, 40))).rejects.toMatchObject({ code: 'upload_dimensions_too_large' });
    expect(await reencodeImage(tall, path.join(dir, 'h.png'), 'png', limits(1_000, 41))).toEqual({ width: 2, height: 41 });
  });

  it('refuses an animation of more frames than its limit from the header', async () => {
    const gif = await file('frames.gif', await makeAnimatedGif(5));
    await expect(reencodeImage(gif, path.join(dir, 'j.gif'), 'gif', { ...limits(40_000_000), maxFrames: 4 })).rejects.toMatchObject({
      code: 'upload_too_many_frames',
      vars: { max: 4 },
    });
    expect(await reencodeImage(gif, path.join(dir, 'k.gif'), 'gif', { ...limits(40_000_000), maxFrames: 5 })).toEqual({ width: 8, height: 40 });
  });

  it('stops work that runs past its time with upload_too_slow', async () => {
    // Real pixels: 10,000,000 rows of one pixel take libvips several seconds, one row at a time.
    const slow = await file('slow.png', makeBlankPng(1, 10_000_000));
    await expect(reencodeImage(slow, path.join(dir, 'i.png'), 'png', limits(40_000_000, 1_000_000_000, 1))).rejects.toMatchObject({
      code: 'upload_too_slow',
      fieldErrors: { image: 'upload_too_slow' },
    });
  });
});
