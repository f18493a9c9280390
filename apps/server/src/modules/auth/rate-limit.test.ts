import { describe, expect, it } from 'vitest';
import { call, withTestApp } from '../../../test/helpers/app';
import { registerViaApi } from '../../../test/helpers/auth';

describe('rate limits of register and login (per client address)', () => {
  const ctx = withTestApp({ RATE_LIMIT_REGISTER: '2/3600', RATE_LIMIT_LOGIN: '3/300' });

  it('counts every registration attempt, valid or not, and answers 429 past the limit', async () => {
    const address = { 'x-forwarded-for': '198.51.100.1' };
    expect((await call(ctx.app, 'POST', '/api/v1/register', { body: {}, headers: address })).statusCode).toBe(400);
    expect((await registerViaApi(ctx.app, {}, { headers: address })).response.statusCode).toBe(201);
    const limited = await registerViaApi(ctx.app, {}, { headers: address });
    expect(limited.response.statusCode).toBe(429);
    expect(limited.response.json()).toMatchObject({ success: false, code: 'too_many_requests' });
    expect(limited.response.json().message).toMatch(/^Too many requests, please try again in \d+ seconds$/);
    expect(Number(limited.response.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.cookie).toBeNull();

    // Another address has its own count.
    expect((await registerViaApi(ctx.app, {}, { headers: { 'x-forwarded-for': '198.51.100.2' } })).response.statusCode).toBe(201);
  });

  it('answers 429 to login attempts past the limit', async () => {
    const address = { 'x-forwarded-for': '198.51.100.3' };
    const body = { email: 'someone@example.com', password: 'whatever' };
    for (let i = 0; i < 3; i++) expect((await call(ctx.app, 'POST', '/api/v1/login', { body, headers: address })).statusCode).not.toBe(429);
    const limited = await call(ctx.app, 'POST', '/api/login', { body, headers: { ...address, 'accept-language': 'tr' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('too_many_requests');
    expect(limited.json().message).toMatch(/saniye sonra tekrar dene$/);
  });

  it('does not let a peer on a private network escape the limit by rotating X-Forwarded-For', async () => {
    const body = { email: 'someone-else@example.com', password: 'whatever' };
    const from = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: '10.20.30.40',
        payload: body,
        headers: { 'x-rally-request': '1', 'x-forwarded-for': `203.0.113.${i}` },
      });
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await from(i)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
