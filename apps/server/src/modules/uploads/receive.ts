import fs from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors';

/** One file part of a multipart body: its bytes on disk (inside the caller's temporary directory), their count and the name it was sent with. */
export interface ReceivedFile {
  path: string;
  size: number;
  name: string;
}

/** What a multipart body with several files carried: the files in the order they came, and the text fields. */
export interface ReceivedFiles {
  files: ReceivedFile[];
  fields: Record<string, string>;
}

/** What a multipart upload carried: its one file (null when the body had none) and its text fields. */
export interface ReceivedUpload {
  file: ReceivedFile | null;
  fields: Record<string, string>;
}

export interface ReceiveOptions {
  /** The temporary directory the files are written to (the caller removes it). */
  dir: string;
  /** The name of the file parts; a file under any other name is refused. */
  fileField: string;
  /** Each file's limit: a longer one is cut off there and refused. */
  maxBytes: number;
  /** How many files the body may carry (1 unless given). */
  maxFiles?: number;
  /** The refusal of a file over `maxBytes` (413 upload_too_large with the limit in MB unless given). */
  tooLarge?: () => AppError;
  /** The refusal of more than `maxFiles` files (413 payload_too_large unless given). */
  tooMany?: () => AppError;
}

const payloadTooLarge = () => new AppError(413, 'payload_too_large');

/** Multipart errors of @fastify/multipart (by code) and the API's answer to each (FST_FILES_LIMIT: the caller's `tooMany`). */
const MULTIPART_ERRORS = new Map<string, () => AppError>([
  ['FST_INVALID_MULTIPART_CONTENT_TYPE', () => new AppError(415, 'unsupported_media_type')],
  ['FST_PARTS_LIMIT', payloadTooLarge],
  ['FST_FIELDS_LIMIT', payloadTooLarge],
]);

/** Text fields a body may carry besides its files: at most this many, each at most 64 bytes. */
const FIELDS_MAX = 8;

/**
 * Read a multipart body part by part: each file named `fileField` is streamed to `dir` and cut off
 * at `maxBytes` (refused with `tooLarge`; nothing bigger ever reaches the disk or memory), at most
 * `maxFiles` of them (refused with `tooMany` beyond), the text fields (short: at most 64 bytes each)
 * collected. The parts may come in any order. A file under another name is refused.
 */
export async function receiveFiles(request: FastifyRequest, options: ReceiveOptions): Promise<ReceivedFiles> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type');
  const maxFiles = options.maxFiles ?? 1;
  const tooLarge = options.tooLarge ?? (() => new AppError(413, 'upload_too_large', undefined, { max: Math.floor(options.maxBytes / (1024 * 1024)) }));
  const tooMany = options.tooMany ?? payloadTooLarge;
  const received: ReceivedFiles = { files: [], fields: {} };
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxBytes,
        files: maxFiles,
        fields: FIELDS_MAX,
        parts: maxFiles + FIELDS_MAX,
        fieldSize: 64,
        fieldNameSize: 32,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || typeof part.value !== 'string') throw badRequest('invalid_request', { [part.fieldname]: 'invalid_request' });
        received.fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== options.fileField) {
        part.file.resume();
        throw badRequest('invalid_request', { [part.fieldname]: 'invalid_request' });
      }
      if (received.files.length >= maxFiles) {
        part.file.resume();
        throw tooMany();
      }
      const target = path.join(options.dir, `original-${received.files.length}`);
      await pipeline(part.file, fs.createWriteStream(target, { flags: 'wx' }));
      if (part.file.truncated) throw tooLarge();
      received.files.push({ path: target, size: (await stat(target)).size, name: part.filename });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw tooMany();
    const known = typeof code === 'string' ? MULTIPART_ERRORS.get(code) : undefined;
    if (known) throw known();
    throw err;
  }
  return received;
}

/** Read a multipart body of one file (receiveFiles with `maxFiles` 1): a second file is refused. */
export async function receiveUpload(request: FastifyRequest, options: Omit<ReceiveOptions, 'maxFiles' | 'tooMany'>): Promise<ReceivedUpload> {
  const { files, fields } = await receiveFiles(request, { ...options, maxFiles: 1 });
  return { file: files[0] ?? null, fields };
}
