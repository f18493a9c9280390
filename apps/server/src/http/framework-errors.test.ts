import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@rally/shared/api/common';
import { translateError } from '@rally/shared/i18n/errors';
import { withTestApp } from '../../test/helpers/app';
import { BODY_LIMIT } from '@rally/shared/api/endpoint';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Send bytes on a plain socket and read until the server closes it: for requests that Node's parser
 * refuses before Fastify (or light-my-request) could see them.
 */
function rawRequest(port: number, bytes: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.end(bytes);
  });
}

describe("Fastify's and Node's own refusals in the API's error shape", () => {
  const ctx = withTestApp({}, { listen: true });
  let port: number;

  beforeAll(() => {
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    port = address.port;
  });

  const url = (path: string) => `http://127.0.0.1:${port}${path}`;

  it('answers a URL that cannot be decoded with 400 malformed_request, in the caller’s language', async () => {
    const en = await fetch(url('/api/v1/%zz'));
    expect(en.status).toBe(400);
    expect(en.headers.get('content-type')).toMatch(/application\/json/);
    expect(en.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await en.json()).toEqual({ success: false, message: translateError('malformed_request', 'en'), code: 'malformed_request' });

    const tr = await fetch(url('/teams/%E0%A4%A'), { headers: { 'accept-language': 'tr-TR,tr;q=0.9' } });
    expect(tr.status).toBe(400);
    expect(await tr.json()).toEqual({ success: false, message: translateError('malformed_request', 'tr'), code: 'malformed_request' });
  });

  it('answers request headers over Node’s limit with 431 headers_too_large', async () => {
    const cookie = `a=${'x'.repeat(20 * 1024)}`;
    const res = await rawRequest(port, `GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(JSON.parse(res.body)).toEqual({ success: false, message: translateError('headers_too_large', 'en'), code: 'headers_too_large' });
  });

  it('answers a garbage request line with 400 malformed_request', async () => {
    const res = await rawRequest(port, 'HELLO THERE\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ success: false, message: translateError('malformed_request', 'en'), code: 'malformed_request' });
  });

  it('keeps serving after refusing at the socket', async () => {
    const res = await fetch(url('/api/v1/health'));
    expect(res.status).toBe(200);
  });

  describe('bodies', () => {
    const post = (body: string | undefined, contentType: string | undefined, language = 'en') =>
      fetch(url('/api/v1/login'), {
        method: 'POST',
        headers: { [CSRF_HEADER]: '1', 'accept-language': language, ...(contentType ? { 'content-type': contentType } : {}) },
        body,
      });

    it.each([
      ['a body over the route’s limit', 'x'.repeat(BODY_LIMIT.AUTH + 1), 'application/json', 413, 'payload_too_large'],
      ['an unsupported content type', '<login/>', 'application/xml', 415, 'unsupported_media_type'],
      ['invalid JSON', '{"email": ', 'application/json', 400, 'malformed_request'],
      ['an empty JSON body', '', 'application/json', 400, 'malformed_request'],
    ] as const)('answers %s with %i %s', async (_what, body, contentType, status, code) => {
      const en = await post(body, contentType);
      expect(en.status).toBe(status);
      expect(await en.json()).toEqual({ success: false, message: translateError(code, 'en'), code });

      const tr = await post(body, contentType, 'tr');
      expect(tr.status).toBe(status);
      expect(await tr.json()).toEqual({ success: false, message: translateError(code, 'tr'), code });
    });
  });
});
