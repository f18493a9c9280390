import fs from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { newId } from '../../../lib/snowflake';
import { UPLOADS_PATH, type Storage, type StoredObject } from './types';

/**
 * Files in a directory (UPLOAD_DIR, by default DATA_DIR/uploads). A file is written to `.tmp/` in
 * the same directory and renamed into place, so a reader never sees half a file. The content type
 * is the key's extension (the server chose it from the decoded image).
 */
export class LocalStorage implements Storage {
  readonly kind = 'local';

  constructor(
    private readonly root: string,
    private readonly contentTypeOf: (key: string) => string | null,
    /** The directory is this process's alone (an in-memory deployment's): removed on close. */
    private readonly temporary = false,
  ) {}

  async put(key: string, file: { path: string }): Promise<void> {
    const target = this.pathOf(key);
    const temp = path.join(this.root, '.tmp', `${newId()}.part`);
    await mkdir(path.dirname(temp), { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await pipeline(fs.createReadStream(file.path), fs.createWriteStream(temp, { flags: 'wx' }));
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const contentType = this.contentTypeOf(key);
    if (!contentType) return null;
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { body: fs.createReadStream(file), size: info.size, contentType };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  url(key: string): string {
    return `${UPLOADS_PATH}/${key}`;
  }

  async close(): Promise<void> {
    if (this.temporary) await rm(this.root, { recursive: true, force: true });
  }

  /** The file of a key, refusing any key that would leave the root (keys are checked before, this is the last guard). */
  private pathOf(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`storage key outside the upload directory: ${key}`);
    return file;
  }
}
