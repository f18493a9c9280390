import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { IMAGE_FORMAT_FILES } from '@rally/shared/api/uploads';
import { sniffImage } from '../uploads/image';

/** What the image proxy fetches at most: bytes, time, and the types it passes on. */
export const REMOTE_IMAGE_LIMITS = { maxBytes: 8 * 1024 * 1024, timeoutMs: 5_000 } as const;

/**
 * Addresses the proxy never connects to (SSRF): "this" network, private ranges (RFC 1918, CGNAT),
 * loopback, link-local (cloud metadata at 169.254.169.254), multicast and reserved space, and
 * their IPv6 counterparts (unique local, link-local, IPv4-mapped private space is caught after
 * unmapping).
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

/** May the proxy connect to this address (a public unicast one)? */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    return !BLOCKED.check(address, 'ipv6');
  }
  return !BLOCKED.check(address, 'ipv4');
}

export interface RemoteImage {
  contentType: string;
  body: Buffer;
}

export interface FetchOptions {
  /** Which resolved addresses may be connected to (tests of a local server widen it). */
  allowAddress?: (address: string) => boolean;
}

/**
 * Fetch an image for the proxy, or null when there is none to give: the host must resolve only to
 * allowed addresses, and the connection goes to the address that was checked (no second lookup a
 * rebinding DNS could change); no redirect is followed; a 200 whose first bytes are PNG, JPEG, GIF
 * or WebP, at most REMOTE_IMAGE_LIMITS.maxBytes, within REMOTE_IMAGE_LIMITS.timeoutMs; no cookie
 * or referrer is sent.
 */
export async function fetchRemoteImage(url: URL, options: FetchOptions = {}): Promise<RemoteImage | null> {
  const allow = options.allowAddress ?? isPublicAddress;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await dnsLookup(host, { all: true, verbatim: true });
  } catch {
    return null;
  }
  const [target] = addresses;
  if (!target || !addresses.every((a) => allow(a.address))) return null;
  const pinned: LookupFunction = (_hostname, opts, callback) => {
    if (opts.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };

  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (value: RemoteImage | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(value);
    };
    const request = transport.get(
      url,
      { lookup: pinned, headers: { accept: 'image/png,image/jpeg,image/gif,image/webp', 'user-agent': 'RallyImageProxy/1' } },
      (response) => {
        const declared = Number(response.headers['content-length'] ?? '0');
        if (response.statusCode !== 200 || declared > REMOTE_IMAGE_LIMITS.maxBytes) return done(null);
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > REMOTE_IMAGE_LIMITS.maxBytes) return done(null);
          chunks.push(chunk);
        });
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const format = sniffImage(body.subarray(0, 16));
          done(format ? { contentType: IMAGE_FORMAT_FILES[format].contentType, body } : null);
        });
        response.on('error', () => done(null));
      },
    );
    request.on('error', () => done(null));
    const timer = setTimeout(() => done(null), REMOTE_IMAGE_LIMITS.timeoutMs);
  });
}
