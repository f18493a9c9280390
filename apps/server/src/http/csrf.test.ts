import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../test/helpers/app';

describe('CSRF defence', () => {
  const ctx = withTestApp({ PUBLIC_URL: 'https://rally.example.com' });

  const post = (url: string, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify({ email: 'a@example.com', password: 'secret' }),
      headers: { 'content-type': 'application/json', ...headers },
    });
  const csrfRefusal = { success: false, code: 'csrf', message: 'This request was blocked because it did not come from Rally' };

  it('refuses a POST without the x-rally-request header with 403', async () => {
    for (const url of ['/api/v1/login', '/api/v1/register', '/api/logout']) {
      const res = await post(url, {});
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual(csrfRefusal);
    }
  });

  it('refuses a foreign Origin even with the header', async () => {
    for (const origin of ['https://evil.example', 'http://rally.example.com.evil.example', 'null']) {
      const res = await post('/api/v1/login', { 'x-rally-request': '1', origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual(csrfRefusal);
    }
  });

  it('lets through our own origin (PUBLIC_URL or the Host) and requests without Origin', async () => {
    const cases: Record<string, string>[] = [{ origin: 'https://rally.example.com' }, { origin: 'http://localhost:80', host: 'localhost:80' }, {}];
    for (const headers of cases) {
      const res = await post('/api/v1/login', { 'x-rally-request': '1', ...headers });
      expect(res.statusCode).toBe(401); // reached the handler: unknown account
    }
  });

  it('does not ask safe methods for the header', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/captcha', headers: { origin: 'https://evil.example' } })).statusCode).toBe(200);
  });

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { 'x-rally-request': '1' } });
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/i);
  });
});
