import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll } from 'vitest';

/**
 * A built web client in a temporary directory (index.html and one hashed script, precompressed with
 * brotli and gzip), for WEB_DIST; removed after the file's tests. Call it in a describe body.
 */
export function webDistFixture(): { dir: string; script: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-dist-'));
  const script = 'console.log("rally");'.repeat(200);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Rally</title><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(script));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { dir, script };
}
