import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Object {
  body: Buffer;
  headers: IncomingHttpHeaders;
}

/**
 * The part of the S3 protocol that S3Storage speaks, path-style on 127.0.0.1: PUT and GET of
 * /<bucket>/<key>. It stands in for an object store (MinIO, R2, AWS) that the tests cannot reach;
 * it does not check signatures, but records the headers each PUT carried.
 */
export class FakeS3 {
  readonly objects = new Map<string, FakeS3Object>();
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.method === 'PUT') {
          this.objects.set(path, { body: Buffer.concat(chunks), headers: req.headers });
          res.writeHead(200, { etag: '"fake"' }).end();
          return;
        }
        const object = this.objects.get(path);
        if (req.method === 'GET' && object) {
          res
            .writeHead(200, { 'content-type': object.headers['content-type'] ?? 'application/octet-stream', 'content-length': object.body.length })
            .end(object.body);
          return;
        }
        res
          .writeHead(404, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.server?.close((err) => (err ? reject(err) : resolve())) ?? resolve());
  }
}
