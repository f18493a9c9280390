import { describe, expect, it } from 'vitest';
import { imageFileProblem, isAnimatedGif } from './image-file';

/** A GIF of `frames` 1×1 frames, with a global colour table, a comment extension and graphic control extensions. */
function gif(frames: number, version = 'GIF89a'): Uint8Array {
  const bytes: number[] = [...version].map((c) => c.charCodeAt(0));
  bytes.push(1, 0, 1, 0, 0x80, 0, 0); // 1×1, global colour table of 2 entries
  bytes.push(0, 0, 0, 255, 255, 255);
  bytes.push(0x21, 0xfe, 3, 0x68, 0x69, 0x21, 0); // comment "hi!"
  for (let i = 0; i < frames; i++) {
    bytes.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0); // graphic control
    bytes.push(0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0); // image descriptor, no local table
    bytes.push(2, 2, 0x44, 0x01, 0); // LZW code size 2, one sub-block
  }
  bytes.push(0x3b);
  return Uint8Array.from(bytes);
}

describe('isAnimatedGif', () => {
  it('is true for a GIF of several frames and false for one frame', () => {
    expect(isAnimatedGif(gif(2))).toBe(true);
    expect(isAnimatedGif(gif(5, 'GIF87a'))).toBe(true);
    expect(isAnimatedGif(gif(1))).toBe(false);
  });

  it('is false for anything that is not a GIF, or is cut short', () => {
    expect(isAnimatedGif(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
    expect(isAnimatedGif(new TextEncoder().encode('GIF89a'))).toBe(false);
    expect(isAnimatedGif(gif(2).subarray(0, 40))).toBe(false);
  });
});

describe('imageFileProblem', () => {
  it('accepts PNG, JPEG and GIF up to 20 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif']) expect(imageFileProblem({ type, size: 20 * 1024 * 1024 })).toBeNull();
  });

  it('refuses other types and files over 20 MB', () => {
    expect(imageFileProblem({ type: 'image/webp', size: 10 })).toBe('uploads:image.fileType');
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('uploads:image.fileType');
    expect(imageFileProblem({ type: 'image/png', size: 20 * 1024 * 1024 + 1 })).toBe('errors:upload_too_large');
  });
});
