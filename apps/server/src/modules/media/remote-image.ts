import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { IMAGE_FORMAT_FILES } from '@rally/shared/api/uploads';
import { sniffImage } from '../uploads/image';

/** What the image proxy fetches at most: bytes, time, and the types it passes on. */
export const REMOTE_IMAGE_LIMITS = { maxBytes: 8 * 1024 * 1024, timeoutMs: 5_000 } as const;

/** Global unicast IPv6 space (2000::/3): anything outside it (IPv4-compatible ::/96, site-local, unassigned) is refused. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * May the proxy connect to this address (SSRF)? Only public unicast, as ipaddr.js classifies it
 * (a maintained table of special-purpose ranges: "this" network, private, CGNAT, loopback,
 * link-local with cloud metadata at 169.254.169.254, multicast, broadcast, benchmarking,
 * documentation, reserved; unique local, site-local, discard, ORCHID and the like): the range
 * must be `unicast`. An IPv4-mapped IPv6 address is judged as its IPv4 address; IPv6 ranges that
 * carry an IPv4 address to another network (6to4 2002::/16, NAT64 64:ff9b::/96 and 64:ff9b:1::/48,
 * Teredo 2001::/32, IPv4-translated, IPv4-compatible ::/96) are refused outright, and so is
 * anything outside global unicast 2000::/3.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address) || isIP(address) === 0) return false;
  const parsed = ipaddr.process(address);
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

export interface RemoteImage {
  contentType: string;
  body: Buffer;
}

/** Every address a host name resolves to (DNS, in its own order). */
export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;

const resolveByDns: ResolveHost = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface FetchOptions {
  /** Which resolved addresses may be connected to (tests of a local server widen it). */
  allowAddress?: (address: string) => boolean;
  /** How a host name is resolved (DNS; tests give a host several addresses). */
  resolveHost?: ResolveHost;
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
  const resolveHost = options.resolveHost ?? resolveByDns;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolveHost(host);
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
