import { describe, expect, it } from 'vitest';
import { testConfig } from '../env';
import { clientAddress } from './client-address';

describe('clientAddress', () => {
  const config = testConfig({ TRUSTED_PROXIES: '203.0.113.9' });

  it('is the peer when there is no forwarded header', () => {
    expect(clientAddress(config, '8.8.8.8', undefined)).toBe('8.8.8.8');
    expect(clientAddress(config, '127.0.0.1', undefined)).toBe('127.0.0.1');
  });

  it('ignores X-Forwarded-For from an untrusted peer', () => {
    expect(clientAddress(config, '8.8.8.8', '1.2.3.4')).toBe('8.8.8.8');
  });

  it('takes the nearest untrusted hop behind trusted proxies', () => {
    expect(clientAddress(config, '127.0.0.1', '1.2.3.4')).toBe('1.2.3.4');
    expect(clientAddress(config, '127.0.0.1', '6.6.6.6, 1.2.3.4, 10.0.0.2')).toBe('1.2.3.4');
    expect(clientAddress(config, '203.0.113.9', '2001:db8::5')).toBe('2001:db8::5');
  });

  it('skips junk entries and falls back to the farthest hop when all are trusted', () => {
    expect(clientAddress(config, '127.0.0.1', 'garbage, 1.2.3.4, also garbage')).toBe('1.2.3.4');
    expect(clientAddress(config, '127.0.0.1', '10.0.0.5, 192.168.0.1')).toBe('10.0.0.5');
    expect(clientAddress(config, '127.0.0.1', 'garbage')).toBe('127.0.0.1');
  });
});
