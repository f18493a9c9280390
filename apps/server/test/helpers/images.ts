import { crc32 } from 'node:zlib';
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
