import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { CSRF_HEADER } from '@rally/shared/api/common';
import { ATTACHMENT_UPLOAD, uploadResponseSchema, type UploadFields, type UploadResponse } from '@rally/shared/api/uploads';

/** A small solid-colour image in `format` (sharp makes it: real, decodable bytes). */
export function makeImage(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 8, height = 6): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

/** An animated GIF of `frames` frames of 8×8 pixels, each of another colour. */
export async function makeAnimatedGif(frames: number): Promise<Buffer> {
  const images = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: { r: i * 60, g: 0, b: 0 } } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(images, { join: { animated: true } })
    .gif()
    .toBuffer();
}

/**
 * A PNG whose header says `width`×`height` (a decompression bomb's shape: a few bytes that would
 * decode to gigabytes). Made from a real 1×1 PNG with its IHDR rewritten and its CRC made again.
 */
export async function makePixelBomb(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makeImage('png', 1, 1));
  // Signature (8 bytes), then the IHDR chunk: length (4), "IHDR" (4), width (4), height (4), …, CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real PNG of `width` × `height` black pixels (grey, 8 bits), written by hand: one deflated IDAT of
 * the rows (filter byte 0, then the pixels), so that it is a few KB however large. 1 × 39,000,000 is
 * the long-thin image bomb: 75 KB that libvips decodes one row at a time, for tens of seconds.
 */
export function makeBlankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8 bits, greyscale, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc((1 + width) * height), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF of `frames` frames of one pixel, written by hand (23 bytes a frame): the many-frames image bomb. */
export function makeFrameBomb(frames: number): Buffer {
  // GIF89a, a 1 × 1 screen with a global table of two colours; each frame: a graphic control extension, then a 1 × 1 image.
  const head = Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]);
  const frame = Buffer.from([0x21, 0xf9, 4, 0, 1, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]);
  return Buffer.concat([head, ...Array<Buffer>(frames).fill(frame), Buffer.from([0x3b])]);
}

/** A multipart form part: a file (bytes, a file name and a declared type) or a text field. */
export type FormPart = { file: Uint8Array; filename: string; contentType: string } | string;

/** POST a multipart form as a browser sends it (the CSRF header and the session cookie with it); a list is several parts of one name. */
export async function postForm(
  app: FastifyInstance,
  url: string,
  parts: Record<string, FormPart | FormPart[]>,
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (typeof part === 'string') form.append(name, part);
      else form.append(name, new Blob([part.file], { type: part.contentType }), part.filename);
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: {
      'content-type': request.headers.get('content-type') ?? '',
      [CSRF_HEADER]: '1',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
  });
}

/** A small PDF (its signature, then spaces): an attachment that is stored as sent. */
export const SMALL_PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'), Buffer.alloc(100, 0x20)]);

/**
 * POST /api/v1/upload as `who` (type `attachment`: `file` a PDF unless given; any other type: a
 * small PNG), expecting 201: the answer's id and URL, and an attachment's description.
 */
export async function uploadAs(
  app: FastifyInstance,
  who: { cookie: string },
  type: UploadFields['type'],
  file?: { file: Uint8Array; filename: string; contentType: string },
): Promise<UploadResponse> {
  const image =
    file ??
    (type === ATTACHMENT_UPLOAD
      ? { file: SMALL_PDF, filename: 'file.pdf', contentType: 'application/pdf' }
      : { file: await makeImage('png'), filename: 'p.png', contentType: 'image/png' });
  const res = await postForm(app, '/api/v1/upload', { type, image }, { cookie: who.cookie });
  if (res.statusCode !== 201) throw new Error(`upload of ${type}: HTTP ${res.statusCode} ${res.body}`);
  return uploadResponseSchema.parse(res.json());
}
