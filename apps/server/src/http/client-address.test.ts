import { describe, expect, it } from 'vitest';
import { testConfig, loadConfig, ConfigError } from '../env';
import { clientAddress } from './client-address';
import { isTrustedProxy } from './trusted-proxy';

describe('clientAddress', () => {
  const config = testConfig({ TRUSTED_PROXIES: '203.0.113.9, 172.18.0.0/16, 2001:db8:feed::/48' });

  it('is the peer when there is no forwarded header', () => {
    expect(clientAddress(config, '8.8.8.8', undefined)).toBe('8.8.8.8');
    expect(clientAddress(config, '127.0.0.1', undefined)).toBe('127.0.0.1');
    expect(clientAddress(config, '::ffff:10.1.2.3', undefined)).toBe('10.1.2.3');
  });

  it('ignores X-Forwarded-For from an untrusted peer', () => {
    expect(clientAddress(config, '8.8.8.8', '1.2.3.4')).toBe('8.8.8.8');
  });

  it('ignores X-Forwarded-For from a private address that is not a configured proxy (no rotating it from a LAN)', () => {
    for (const peer of ['10.0.0.7', '192.168.1.20', '172.16.0.3', '::ffff:192.168.1.20', 'fd00::5']) {
      expect(clientAddress(config, peer, '1.2.3.4'), peer).toBe(peer.replace('::ffff:', ''));
    }
  });

  it('takes the nearest untrusted hop behind trusted proxies (loopback, addresses and networks of TRUSTED_PROXIES)', () => {
    expect(clientAddress(config, '127.0.0.1', '1.2.3.4')).toBe('1.2.3.4');
    expect(clientAddress(config, '::1', '1.2.3.4')).toBe('1.2.3.4');
    expect(clientAddress(config, '127.0.0.1', '6.6.6.6, 1.2.3.4, 172.18.3.4')).toBe('1.2.3.4');
    expect(clientAddress(config, '203.0.113.9', '2001:db8::5')).toBe('2001:db8::5');
    expect(clientAddress(config, '::ffff:172.18.0.2', '9.9.9.9')).toBe('9.9.9.9');
    expect(clientAddress(config, '2001:db8:feed:1::2', '9.9.9.9')).toBe('9.9.9.9');
    // A private hop that is not a configured proxy is the client as far as we can tell.
    expect(clientAddress(config, '127.0.0.1', '6.6.6.6, 10.0.0.2')).toBe('10.0.0.2');
  });

  it('skips junk entries and falls back to the farthest hop when all are trusted', () => {
    expect(clientAddress(config, '127.0.0.1', 'garbage, 1.2.3.4, also garbage')).toBe('1.2.3.4');
    expect(clientAddress(config, '127.0.0.1', '172.18.0.5, 203.0.113.9')).toBe('172.18.0.5');
    expect(clientAddress(config, '127.0.0.1', 'garbage')).toBe('127.0.0.1');
  });
});

describe('TRUSTED_PROXIES', () => {
  it('accepts addresses and CIDR networks and refuses anything else at start-up', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8::1, 192.0.2.7' }).TRUSTED_PROXIES).toHaveLength(3);
    for (const bad of ['10.0.0.0/33', 'proxy.local', '10.0.0.1/8/2', '::1/129', '10.0.0.0/x']) {
      expect(() => loadConfig({ TRUSTED_PROXIES: bad }), bad).toThrow(ConfigError);
    }
  });

  it('trusts loopback always and private ranges only when configured', () => {
    const none = testConfig();
    expect(isTrustedProxy(none, '127.0.0.1')).toBe(true);
    expect(isTrustedProxy(none, '::1')).toBe(true);
    expect(isTrustedProxy(none, '10.0.0.1')).toBe(false);
    expect(isTrustedProxy(testConfig({ TRUSTED_PROXIES: '10.0.0.0/8' }), '::ffff:10.200.0.1')).toBe(true);
    expect(isTrustedProxy(none, 'not an address')).toBe(false);
  });
});
