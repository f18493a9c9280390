import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../env';
import { isTrustedProxy, normalizeAddress } from './trusted-proxy';

/** Loopback and private (RFC 1918, unique-local, link-local) addresses. */
export function isPrivateAddress(address: string): boolean {
  const ip = normalizeAddress(address);
  if (net.isIPv4(ip)) {
    const [a, b] = ip.split('.').map(Number) as [number, number, number, number]; // isIPv4: four parts
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  if (net.isIPv6(ip)) {
    const lower = ip.toLowerCase();
    return lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80');
  }
  return false;
}

export interface RegionInfo {
  /** Two-letter country, or null when it cannot be known. */
  country: string | null;
  allowed: boolean;
  /** The `location` field of /me: TR or other. */
  location: 'TR' | 'other';
}

/**
 * The visitor's country: from the configured proxy header when the direct peer is a trusted proxy
 * (loopback or TRUSTED_PROXIES, see trusted-proxy.ts); a loopback or private visitor without a
 * trusted header gets DEFAULT_COUNTRY so that a laptop or a LAN party works.
 */
export function resolveRegion(config: Config, peerAddress: string, headerValue: string | undefined): RegionInfo {
  const peerIsPrivate = isPrivateAddress(peerAddress);
  const trusted = isTrustedProxy(config, peerAddress);
  const fromHeader = trusted && headerValue && /^[a-z]{2}$/i.test(headerValue.trim()) ? headerValue.trim().toUpperCase() : null;
  const country = fromHeader ?? (peerIsPrivate ? config.DEFAULT_COUNTRY : null);
  const allowed = config.ALLOWED_REGIONS.includes('*') || (country !== null && config.ALLOWED_REGIONS.includes(country));
  return { country, allowed, location: country === 'TR' ? 'TR' : 'other' };
}

declare module 'fastify' {
  interface FastifyRequest {
    region: RegionInfo;
  }
}

export function requestRegion(config: Config, request: FastifyRequest): RegionInfo {
  const header = request.headers[config.COUNTRY_HEADER];
  return resolveRegion(config, request.socket.remoteAddress ?? '', Array.isArray(header) ? header[0] : header);
}
