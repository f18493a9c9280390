import { describe, expect, it } from 'vitest';
import { createTestApp, withTestApp } from '../../../test/helpers/app';

describe('health and error shape', () => {
  const ctx = withTestApp();

  it('says ok and nothing about the deployment', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });

  describe('with HEALTH_DETAILS on', () => {
    const detailed = withTestApp({ HEALTH_DETAILS: 'true' });

    it('reports the database and bus it runs on to operators', async () => {
      const res = await detailed.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.json()).toEqual({
        success: true,
        database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        bus: process.env.REDIS_URL ? 'redis' : 'memory',
        connections: 0,
      });
    });
  });

  it('answers 503 when the database does not answer', async () => {
    // An app of its own, closed by hand: the test takes its database away.
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, code: 'service_unavailable', message: 'Rally is unavailable right now, please try again shortly' });
    } finally {
      await broken.app.close();
    }
  });

  it('answers unknown API paths with the error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found', code: 'not_found' });
  });

  it('answers in Turkish when asked', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: { 'accept-language': 'tr-TR,tr;q=0.9' } });
    expect(res.json().message).toBe('Bulunamadı');
  });
});

describe('region endpoint', () => {
  const ctx = withTestApp();

  it('tells a loopback visitor without a country header the default country (TR)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/region' });
    expect(res.json()).toEqual({ success: true, allowed: true, location: 'TR' });
  });

  it('answers a blocked visitor with allowed false, while other API paths answer 451', async () => {
    const headers = { 'cf-ipcountry': 'US' };
    const region = await ctx.app.inject({ method: 'GET', url: '/api/v1/region', headers });
    expect(region.json()).toEqual({ success: true, allowed: false, location: 'other' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers });
    expect(me.statusCode).toBe(451);
    expect(me.json().code).toBe('region_unavailable');
  });
});
