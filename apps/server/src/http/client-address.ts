import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../env';
import { isTrustedProxy, normalizeAddress } from './trusted-proxy';

/**
 * The visitor's address, for per-client rate limits. When the direct peer is a trusted proxy
 * (loopback or TRUSTED_PROXIES: the same rule as the country header), X-Forwarded-For is read from
 * the right, skipping trusted hops; the first untrusted address is the client. Otherwise (or without
 * the header) the peer itself.
 */
export function clientAddress(config: Config, peerAddress: string, forwardedFor: string | undefined): string {
  const peer = normalizeAddress(peerAddress);
  const trusted = (address: string) => isTrustedProxy(config, address);
  if (!forwardedFor || !trusted(peer)) return peer;
  const hops = forwardedFor
    .split(',')
    .map((s) => s.trim())
    .filter((s) => net.isIP(s) !== 0);
  return hops.findLast((hop) => !trusted(hop)) ?? hops[0] ?? peer;
}

export function requestClientAddress(config: Config, request: FastifyRequest): string {
  const header = request.headers['x-forwarded-for'];
  return clientAddress(config, request.socket.remoteAddress ?? '', Array.isArray(header) ? header.join(',') : header);
}
