import { describe, expect, it } from 'vitest';
import { testConfig } from '../env';
import { withTestApp } from '../../test/helpers/app';
import { isPrivateAddress, resolveRegion } from './region';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.1.1',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.2.3',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
  ])('%s is private', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(['8.8.8.8', '172.15.0.1', '172.32.0.1', '192.169.0.1', '11.0.0.1', '2001:db8::1', '::ffff:8.8.8.8', '', 'localhost', 'not an ip'])(
    '%j is not',
    (address) => expect(isPrivateAddress(address)).toBe(false),
  );
});

describe('resolveRegion', () => {
  const config = testConfig();

  it('gives a loopback or private visitor without a header the default country (TR)', () => {
    expect(resolveRegion(config, '127.0.0.1', undefined)).toEqual({ country: 'TR', allowed: true, location: 'TR' });
    expect(resolveRegion(testConfig({ DEFAULT_COUNTRY: 'az' }), '192.168.0.5', undefined)).toEqual({ country: 'AZ', allowed: true, location: 'other' });
  });

  it('reads the country header from a trusted peer', () => {
    expect(resolveRegion(config, '::1', 'az')).toEqual({ country: 'AZ', allowed: true, location: 'other' });
    expect(resolveRegion(testConfig({ TRUSTED_PROXIES: '10.0.0.0/8' }), '10.0.0.2', 'az')).toEqual({ country: 'AZ', allowed: true, location: 'other' });
    expect(resolveRegion(config, '127.0.0.1', 'US')).toEqual({ country: 'US', allowed: false, location: 'other' });
    expect(resolveRegion(testConfig({ TRUSTED_PROXIES: '203.0.113.7' }), '203.0.113.7', 'TR')).toEqual({ country: 'TR', allowed: true, location: 'TR' });
  });

  it('ignores the header from an untrusted public peer, whose country is then unknown and blocked', () => {
    expect(resolveRegion(config, '8.8.8.8', 'TR')).toEqual({ country: null, allowed: false, location: 'other' });
  });

  it('ignores the header from a private peer that is not a configured proxy (it gets the default country)', () => {
    expect(resolveRegion(config, '10.0.0.2', 'US')).toEqual({ country: 'TR', allowed: true, location: 'TR' });
    expect(resolveRegion(config, '192.168.1.9', 'AZ')).toEqual({ country: 'TR', allowed: true, location: 'TR' });
  });

  it('ignores a malformed header value', () => {
    expect(resolveRegion(config, '127.0.0.1', 'XX1')).toEqual({ country: 'TR', allowed: true, location: 'TR' });
  });

  it('allows every region with *', () => {
    expect(resolveRegion(testConfig({ ALLOWED_REGIONS: '*' }), '8.8.8.8', undefined).allowed).toBe(true);
    expect(resolveRegion(testConfig({ ALLOWED_REGIONS: 'tr, de' }), '127.0.0.1', 'DE').allowed).toBe(true);
  });
});

describe('region gating of the API', () => {
  const ctx = withTestApp();

  it('answers 451 region_unavailable to a visitor from US (country header through loopback)', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/me'],
      ['GET', '/api/v1/captcha'],
      ['POST', '/api/v1/register'],
      ['POST', '/api/v1/login'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: { 'cf-ipcountry': 'US', 'x-rally-request': '1' } });
      expect(res.statusCode, url).toBe(451);
      expect(res.json()).toEqual({
        success: false,
        code: 'region_unavailable',
        message: 'Rally is not available in your region due to regulatory requirements',
      });
    }
  });

  it('lets AZ and TR through (signed out: 401 on /me)', async () => {
    for (const country of ['AZ', 'TR', 'tr']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: { 'cf-ipcountry': country } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('keeps the region endpoint open to blocked visitors', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/region', headers: { 'cf-ipcountry': 'US' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, allowed: false, location: 'other' });
  });
});
