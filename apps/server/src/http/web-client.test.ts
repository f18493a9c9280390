import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../test/helpers/app';
import { webDistFixture } from '../../test/helpers/web-dist';

describe('serving the built web client', () => {
  const { dir, script } = webDistFixture();
  const ctx = withTestApp({ WEB_DIST: dir });

  it('answers every client route with index.html, uncached', async () => {
    for (const url of ['/', '/teams/123/channels/456', '/invite/abcd1234?x=1']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('keeps unknown API paths as JSON errors, not the page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it('sends hashed assets precompressed when the browser accepts it, and cached for a year', async () => {
    const br = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
