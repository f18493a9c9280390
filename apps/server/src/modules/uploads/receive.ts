import fs from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors';

/** What a multipart upload carried: its one file, written to disk, and its text fields. */
export interface ReceivedUpload {
  /** The file part's bytes on disk (inside the caller's temporary directory) and the name it was sent with, or null when the body had no `image`. */
  file: { path: string; size: number; name: string } | null;
  fields: Record<string, string>;
}

/** Multipart errors of @fastify/multipart (by code) and the API's answer to each. */
const MULTIPART_ERRORS = new Map<string, () => AppError>([
  ['FST_INVALID_MULTIPART_CONTENT_TYPE', () => new AppError(415, 'unsupported_media_type')],
  ['FST_PARTS_LIMIT', () => new AppError(413, 'payload_too_large')],
  ['FST_FILES_LIMIT', () => new AppError(413, 'payload_too_large')],
  ['FST_FIELDS_LIMIT', () => new AppError(413, 'payload_too_large')],
]);

/**
 * Read a multipart body part by part: the file named `fileField` is streamed to `dir` and cut off at
 * `maxBytes` (413 upload_too_large with the limit in MB; nothing bigger ever reaches the disk or
 * memory), the text fields (short: at most 64 bytes each) collected. The parts may come in any
 * order. Any other file, or a second one, is refused.
 */
export async function receiveUpload(request: FastifyRequest, options: { dir: string; fileField: string; maxBytes: number }): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type');
  const tooLarge = () => new AppError(413, 'upload_too_large', undefined, { max: Math.floor(options.maxBytes / (1024 * 1024)) });
  const received: ReceivedUpload = { file: null, fields: {} };
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 8, parts: 9, fieldSize: 64, fieldNameSize: 32, headerPairs: 20 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || typeof part.value !== 'string') throw badRequest('invalid_request', { [part.fieldname]: 'invalid_request' });
        received.fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== options.fileField || received.file) {
        part.file.resume();
        throw badRequest('invalid_request', { [part.fieldname]: 'invalid_request' });
      }
      const target = path.join(options.dir, 'original');
      await pipeline(part.file, fs.createWriteStream(target, { flags: 'wx' }));
      if (part.file.truncated) throw tooLarge();
      received.file = { path: target, size: (await stat(target)).size, name: part.filename };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    const known = typeof code === 'string' ? MULTIPART_ERRORS.get(code) : undefined;
    if (known) throw known();
    throw err;
  }
  return received;
}
