import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { withTestApp } from '../../test/helpers/app';
import { webDistFixture } from '../../test/helpers/web-dist';
import { testConfig } from '../env';
import { ALTCHA_CSS_HASH, securityHeaderValues } from './security-headers';

/** The CSP as a map of directive → sources. */
function parseCsp(header: string): Map<string, string[]> {
  return new Map(
    header.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
  const csp = parseCsp(String(res.headers['content-security-policy']));
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
}

describe('security headers', () => {
  const { dir, script } = webDistFixture();
  const ctx = withTestApp({ WEB_DIST: dir });

  it('are on the page, a precompressed asset, an API answer, a 404 and an error', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/teams/1/channels/2' });
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page, 'page');

    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toBe(script);
    expectSecurityHeaders(asset, 'asset');

    const api = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(api.statusCode).toBe(200);
    expectSecurityHeaders(api, 'API answer');

    const missing = await ctx.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing, '404');

    // Refused by the CSRF hook, which runs after helmet's.
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/v1/login', payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().success).toBe(false);
    expectSecurityHeaders(refused, 'error');

    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/v1/%zz' });
    expect(malformed.statusCode).toBe(400);
    expectSecurityHeaders(malformed, 'malformed URL');
  });

  it('the map used outside Fastify hooks is exactly what helmet sends', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    for (const [name, value] of Object.entries(securityHeaderValues(ctx.config))) expect(res.headers[name], name).toBe(value);
    expect(Object.keys(securityHeaderValues(ctx.config)).sort()).toEqual([
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('has a CSP that allows no inline or evaluated script and frames only the watch-party players', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = parseCsp(String(res.headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(['https://player.twitch.tv', 'https://player.kick.com']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    for (const [name, sources] of csp) {
      expect(sources, name).not.toContain("'unsafe-eval'");
      if (name.startsWith('script-src') || name === 'default-src') expect(sources, name).not.toContain("'unsafe-inline'");
    }
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('sends HSTS and upgrade-insecure-requests only when the public URL is https', () => {
    const https = securityHeaderValues(testConfig({ PUBLIC_URL: 'https://rally.example' }));
    expect(https['strict-transport-security']).toBe('max-age=31536000');
    expect(parseCsp(https['content-security-policy'] ?? '').get('upgrade-insecure-requests')).toEqual([]);

    const http = securityHeaderValues(testConfig({ PUBLIC_URL: 'http://rally.example' }));
    expect(http['strict-transport-security']).toBeUndefined();
    expect(parseCsp(http['content-security-policy'] ?? '').has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('the ALTCHA widget under the CSP', () => {
  /** The widget bundle that apps/web imports ('altcha' → dist/main/altcha.js), wherever npm put it. */
  function altchaBundle(): string {
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    const candidates = ['apps/web/node_modules/altcha', 'node_modules/altcha'].map((dir) => path.join(root, dir, 'dist/main/altcha.js'));
    const found = candidates.find((file) => fs.existsSync(file));
    if (!found) throw new Error(`altcha is not installed (looked for ${candidates.join(', ')})`);
    return fs.readFileSync(found, 'utf8');
  }

  it('allows by hash exactly the <style> the installed widget injects', () => {
    // The widget's CSS is one string literal, `const css = '…';`, passed to its injectCss().
    const line = altchaBundle()
      .split('\n')
      .find((l) => l.startsWith('const css = '));
    const literal = line?.slice('const css = '.length).replace(/;\s*$/, '') ?? '';
    expect(literal, "the ALTCHA bundle no longer has a `const css = '…';` line: check how it styles itself").toMatch(/^'(?:[^'\\]|\\.)*'$/);
    const css: unknown = vm.runInNewContext(literal); // a lone string literal (checked above): evaluating it runs nothing
    const hash = `sha256-${createHash('sha256').update(String(css)).digest('base64')}`;
    expect(hash, 'altcha changed its CSS: put this hash in ALTCHA_CSS_HASH (http/security-headers.ts)').toBe(ALTCHA_CSS_HASH);
  });
});

describe('security headers behind an https public URL', () => {
  const ctx = withTestApp({ PUBLIC_URL: 'https://rally.example' });

  it('sends HSTS on every answer', async () => {
    for (const url of ['/api/v1/health', '/api/v1/nope', '/api/v1/%zz']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect(parseCsp(String(res.headers['content-security-policy'])).has('upgrade-insecure-requests'), url).toBe(true);
    }
  });
});
