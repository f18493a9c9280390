import type { Readable } from 'node:stream';

/** A stored object as read back: its bytes as a stream, their count and type. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Where uploaded files live (local.ts, s3.ts; chosen by the config in index.ts). Keys are made by
 * the server (`<kind>/<random name>.<ext>`, uploads/keys.ts), never taken from a request unchecked.
 * Objects are immutable: a new image is a new key.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * Store the file at `path` (already on local disk, `size` bytes) under `key`; streamed, never read
   * whole. `download`: a file a browser must save rather than show (served with
   * `Content-Disposition: attachment`, also by a bucket that serves it itself). `private`: a file
   * only some may see (an attachment: Rally serves it after checking who asks; a bucket keeps it
   * out of shared caches).
   */
  put(key: string, file: { path: string; size: number; contentType: string; download?: boolean; private?: boolean }): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Remove the object; nothing when there is none. */
  delete(key: string): Promise<void>;
  /** The URL the web client loads a public upload from (a private one is always Rally's own `/uploads/<key>`). */
  url(key: string): string;
  /** When the app closes: connections dropped; a temporary directory removed. */
  close(): Promise<void>;
}

/** Path of a key on Rally's own origin (routes.ts serves it). */
export const UPLOADS_PATH = '/uploads';
