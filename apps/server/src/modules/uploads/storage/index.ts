import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../../env';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { Storage } from './types';

/** The storage of the config: S3 when S3_BUCKET is set (env.ts requires its keys then), else files under UPLOAD_DIR. */
export function createStorage(config: Config, contentTypeOf: (key: string) => string | null): Storage {
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    return new S3Storage({
      bucket: S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      ...(config.S3_PUBLIC_URL ? { publicUrl: config.S3_PUBLIC_URL } : {}),
    });
  }
  if (config.UPLOAD_DIR) return new LocalStorage(path.resolve(config.UPLOAD_DIR), contentTypeOf);
  // An in-memory database keeps nothing after the process; its uploads go to a temporary directory
  // alike, made by the first upload and removed when the app closes.
  if (config.DATA_DIR.startsWith('memory://')) return new LocalStorage(path.join(os.tmpdir(), `rally-uploads-${randomUUID()}`), contentTypeOf, true);
  return new LocalStorage(path.resolve(config.DATA_DIR, 'uploads'), contentTypeOf);
}

export type { Storage } from './types';
export { UPLOADS_PATH } from './types';
