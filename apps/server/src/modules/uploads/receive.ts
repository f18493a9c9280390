import fs from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
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

/** The name of every upload's temporary directory in the system's temporary folder (`rally-upload-XXXXXX`). */
export const UPLOAD_TEMP_PREFIX = 'rally-upload-';

const payloadTooLarge = () => new AppError(413, 'payload_too_large');
/** A body the multipart parser cannot read (no boundary, a broken part header, a part cut off), or one whose client went away before its end. */
const malformed = () => new AppError(400, 'malformed_request');
/** A body that sent nothing for UPLOAD_IDLE_TIMEOUT_MS: answered, and the connection closed (the rest of the body is never read). */
const stalled = () => new AppError(408, 'request_timeout', undefined, {}, { connection: 'close' });

/** Multipart errors of @fastify/multipart (by code) and the API's answer to each (FST_FILES_LIMIT: the caller's `tooMany`). */
const MULTIPART_ERRORS = new Map<string, () => AppError>([
  ['FST_INVALID_MULTIPART_CONTENT_TYPE', () => new AppError(415, 'unsupported_media_type')],
  ['FST_PARTS_LIMIT', payloadTooLarge],
  ['FST_FIELDS_LIMIT', payloadTooLarge],
]);

/** Text fields a body may carry besides its files: at most this many, each at most 64 bytes. */
const FIELDS_MAX = 8;

/**
 * Receive a multipart body into a temporary directory of its own (receiveFiles), hand what it carried
 * to `use`, and remove the directory whatever happened: the one place where an upload's files are
 * cleaned up, on success, on a refusal, on a broken or stalled body and when the client goes away.
 * Every upload route goes through it (or withReceivedUpload).
 */
export async function withReceivedFiles<T>(
  request: FastifyRequest,
  options: ReceiveOptions,
  use: (received: ReceivedFiles, dir: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), UPLOAD_TEMP_PREFIX));
  try {
    return await use(await receiveFiles(request, dir, options), dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** withReceivedFiles for a body of one file (`maxFiles` 1): a second file is refused. */
export function withReceivedUpload<T>(
  request: FastifyRequest,
  options: Omit<ReceiveOptions, 'maxFiles' | 'tooMany'>,
  use: (received: ReceivedUpload, dir: string) => Promise<T>,
): Promise<T> {
  return withReceivedFiles(request, { ...options, maxFiles: 1 }, ({ files, fields }, dir) => use({ file: files[0] ?? null, fields }, dir));
}

/**
 * Read a multipart body part by part: each file named `fileField` is streamed to `dir` and cut off
 * at `maxBytes` (refused with `tooLarge`; nothing bigger ever reaches the disk or memory), at most
 * `maxFiles` of them (refused with `tooMany` beyond), the text fields (short: at most 64 bytes each)
 * collected. The parts may come in any order. A file under another name is refused; a body the
 * parser cannot read is 400 malformed_request. Reading stops (its file closed before this returns)
 * when the client goes away before the end of the body, or when the body sends nothing for
 * UPLOAD_IDLE_TIMEOUT_MS (408 request_timeout, the connection closed).
 */
async function receiveFiles(request: FastifyRequest, dir: string, options: ReceiveOptions): Promise<ReceivedFiles> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type');
  const maxFiles = options.maxFiles ?? 1;
  const tooLarge = options.tooLarge ?? (() => new AppError(413, 'upload_too_large', undefined, { max: Math.floor(options.maxBytes / (1024 * 1024)) }));
  const tooMany = options.tooMany ?? payloadTooLarge;
  const body = watchBody(request.raw, request.server.config.UPLOAD_IDLE_TIMEOUT_MS);
  const received: ReceivedFiles = { files: [], fields: {} };
  try {
    const parts = request
      .parts({
        limits: {
          fileSize: options.maxBytes,
          files: maxFiles,
          fields: FIELDS_MAX,
          parts: maxFiles + FIELDS_MAX,
          fieldSize: 64,
          fieldNameSize: 32,
          headerPairs: 20,
        },
      })
      [Symbol.asyncIterator]();
    for (;;) {
      const next = await body.until(parts.next()).catch((err: unknown) => {
        throw body.signal.aborted ? body.signal.reason : parserRefusal(err, tooLarge, tooMany);
      });
      if (next.done) break;
      body.progress();
      const part = next.value;
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
      const target = path.join(dir, `original-${received.files.length}`);
      await writePart(part.file, target, body);
      if (part.file.truncated) throw tooLarge();
      received.files.push({ path: target, size: (await stat(target)).size, name: part.filename });
    }
  } finally {
    body.stop();
  }
  return received;
}

/** The API's answer to an error of the multipart parser: its own codes as the table says, anything else is the body's fault (400). */
function parserRefusal(err: unknown, tooLarge: () => AppError, tooMany: () => AppError): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return tooMany();
  const known = typeof code === 'string' ? MULTIPART_ERRORS.get(code) : undefined;
  return known ? known() : malformed();
}

/**
 * Stream one file part to `target`, counting its chunks as the body's progress. Whatever happens,
 * the file is closed before this returns: a stop of `body` is its reason, a failure of the disk
 * what it is, and a part that does not end properly (the body ended inside it) 400 malformed_request.
 */
async function writePart(file: Readable, target: string, body: BodyWatch): Promise<void> {
  const out = fs.createWriteStream(target, { flags: 'wx' });
  try {
    await pipeline(
      file,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          body.progress();
          yield chunk;
        }
      },
      out,
      { signal: body.signal },
    );
  } catch (err) {
    if (body.signal.aborted) throw body.signal.reason;
    // The disk's failures are errors of a system call; anything else is the part's (cut off, or closed before its end).
    throw (err as NodeJS.ErrnoException).syscall ? err : malformed();
  } finally {
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
  }
}

/** A request body being read: stopped (`signal`) when its client goes away before its end, or when it sends nothing for the idle time. */
interface BodyWatch {
  signal: AbortSignal;
  /** The body sent something: the idle time starts again. */
  progress(): void;
  /** `promise`, or the stop's reason if the body is stopped first. */
  until<T>(promise: Promise<T>): Promise<T>;
  /** Reading is over: no more stops. */
  stop(): void;
}

function watchBody(body: IncomingMessage, idleMs: number): BodyWatch {
  const controller = new AbortController();
  const { signal } = controller;
  const abort = (reason: AppError) => {
    if (!signal.aborted) controller.abort(reason);
  };
  // Also when the client left before this was set up (the body closed while the request was authenticated).
  const gone = () => {
    if (!body.readableEnded) abort(malformed());
  };
  const timer = setTimeout(() => abort(stalled()), idleMs);
  body.once('close', gone);
  if (body.destroyed) gone();
  return {
    signal,
    progress: () => void timer.refresh(),
    until: (promise) =>
      new Promise((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason as Error);
        const stopped = () => reject(signal.reason as Error);
        signal.addEventListener('abort', stopped, { once: true });
        promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stopped));
      }),
    stop: () => {
      clearTimeout(timer);
      body.off('close', gone);
    },
  };
}
