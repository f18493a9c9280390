import fs from 'node:fs';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { UPLOADS_PATH, type Storage, type StoredObject } from './types';

export interface S3Settings {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Anything but AWS itself (MinIO, Cloudflare R2, …): addressed path-style, `<endpoint>/<bucket>/<key>`. */
  endpoint?: string;
  /** Where browsers load objects from (a CDN or the bucket's public URL); unset: Rally's own /uploads/…, read through this class. */
  publicUrl?: string;
}

/**
 * An S3-compatible bucket. Objects are sent with their length from the file on disk (no buffering)
 * and stored with their Content-Type and a year-long immutable Cache-Control, so that a CDN in
 * front of the bucket serves them as Rally would; a private one (an attachment, which Rally reads
 * from the bucket and serves itself to who may see it) with `private`, so that no shared cache keeps it.
 */
export class S3Storage implements Storage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's default trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, file: { path: string; size: number; contentType: string; download?: boolean; private?: boolean }): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: fs.createReadStream(file.path),
        ContentLength: file.size,
        ContentType: file.contentType,
        CacheControl: file.private ? 'private, max-age=3600' : 'public, max-age=31536000, immutable',
        ...(file.download ? { ContentDisposition: 'attachment' } : {}),
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!(answer.Body instanceof Readable) || answer.ContentLength === undefined) throw new Error(`S3 GetObject ${key}: no body stream`);
      return { body: answer.Body, size: answer.ContentLength, contentType: answer.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (err instanceof NoSuchKey) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  url(key: string): string {
    return this.settings.publicUrl ? `${this.settings.publicUrl.replace(/\/$/, '')}/${key}` : `${UPLOADS_PATH}/${key}`;
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}
