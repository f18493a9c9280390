import net from 'node:net';
import type { Config } from '../env';

/**
 * Which direct peers may tell us who the visitor is (X-Forwarded-For, the country header): loopback
 * (a reverse proxy on the same machine) and the addresses and networks of TRUSTED_PROXIES. Never a
 * whole private range by default: anyone on a private network (a container network, an office LAN)
 * could otherwise rotate X-Forwarded-For to escape the per-address login throttle and captcha.
 */
const lists = new WeakMap<Config, net.BlockList>();

/** An address as Node reports it, with an IPv4-mapped IPv6 address ("::ffff:10.0.0.1") as plain IPv4. */
export function normalizeAddress(address: string): string {
  return address.toLowerCase().startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
}

export function isLoopbackAddress(address: string): boolean {
  const ip = normalizeAddress(address);
  return (net.isIPv4(ip) && ip.startsWith('127.')) || ip === '::1';
}

/** Parse one TRUSTED_PROXIES entry: an IPv4/IPv6 address or a CIDR network. Null when it is neither. */
export function parseProxyEntry(entry: string): { address: string; prefix: number | null; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = entry.split('/');
  if (extra !== undefined) return null;
  const version = net.isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { address, prefix: null, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= (version === 4 ? 32 : 128) ? { address, prefix, family } : null;
}

function trustedList(config: Config): net.BlockList {
  let list = lists.get(config);
  if (!list) {
    list = new net.BlockList();
    for (const entry of config.TRUSTED_PROXIES) {
      const parsed = parseProxyEntry(entry);
      if (!parsed) continue; // env.ts refuses such entries at start-up
      if (parsed.prefix === null) list.addAddress(parsed.address, parsed.family);
      else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
    }
    lists.set(config, list);
  }
  return list;
}

export function isTrustedProxy(config: Config, address: string): boolean {
  if (isLoopbackAddress(address)) return true;
  const ip = normalizeAddress(address);
  const version = net.isIP(ip);
  if (version === 0) return false;
  return trustedList(config).check(ip, version === 4 ? 'ipv4' : 'ipv6');
}
