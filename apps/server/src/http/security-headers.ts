import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import helmetMiddleware from 'helmet';
import { servesHttps, type Config } from '../env';
import { remoteNodeOrigins } from '../modules/voice/regions';

/**
 * sha256 of the CSS that the ALTCHA widget (altcha 3.2.2, the bundle apps/web imports) injects as a
 * <style> element. An upgrade of altcha changes it: security-headers.test.ts recomputes it from
 * node_modules/altcha and says the new value (and Chromium prints it in the CSP error).
 */
export const ALTCHA_CSS_HASH = 'sha256-ZgqGuQlekW98cv0XQjYUGCLTvc3q5MkU+2SkqlFGoTM=';

/**
 * The Content-Security-Policy of every response, directive by directive. The web client is a
 * Vite build served from our own origin: scripts, styles, fonts and the API (including the
 * gateway WebSocket, which 'self' covers as ws:/wss: of the same host) are all 'self'. Every other
 * source is here for a named reason.
 */
export function cspDirectives(config: Config): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Only our own bundles: no inline scripts, no eval, no event-handler attributes.
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // Our styles are files. React's style={} props and the captcha's dynamic styles are set through
    // CSSOM (element.style), which CSP does not restrict, so no 'unsafe-inline' for attributes either.
    // The one inline <style> is the one the ALTCHA widget appends to <head> with its own CSS: it is
    // allowed by its hash only (ALTCHA_CSS_HASH), not by 'unsafe-inline'.
    'style-src': ["'self'", `'${ALTCHA_CSS_HASH}'`],
    // data: for small inline images (icons in CSS), blob: for images made in the page (previews);
    // uploads come from our own /uploads/… or, with S3_PUBLIC_URL, from that origin (modules/uploads).
    'img-src': ["'self'", 'data:', 'blob:', ...(config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [])],
    // Video and audio attachments: our own /uploads/… (or S3_PUBLIC_URL), and blob: for a video read in the page before it is uploaded.
    'media-src': ["'self'", 'blob:', ...(config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [])],
    // Remote SFU nodes (SFU_NODES): their signalling sockets and latency probes (modules/voice/regions.ts).
    'connect-src': ["'self'", ...remoteNodeOrigins(config.SFU_NODES)],
    // The ALTCHA captcha starts its proof-of-work workers from blob: URLs of code bundled in its
    // own script (node_modules/altcha: `new Worker(URL.createObjectURL(new Blob([...])))`).
    'worker-src': ["'self'", 'blob:'],
    // Watch parties embed these two players; no other page may be framed.
    'frame-src': ['https://player.twitch.tv', 'https://player.kick.com'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    // Nobody may frame Rally (clickjacking); X-Frame-Options DENY says the same to old browsers.
    'frame-ancestors': ["'none'"],
  };
  if (servesHttps(config)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Helmet's options: every header chosen explicitly rather than inherited from helmet's defaults. */
export function helmetOptions(config: Config): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: true,
    // Not 'no-referrer': with it Chromium sends `Origin: null` on same-origin POSTs, which the
    // CSRF check (http/csrf.ts) would refuse.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Over plain http a browser ignores HSTS; the header is sent only when users come by https.
    // Without includeSubDomains: a self-hoster's other hosts under this name are not ours to pin.
    strictTransportSecurity: servesHttps(config) ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: { allow: false },
    xDownloadOptions: true,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
    xPoweredBy: true,
    xXssProtection: true,
  };
}

/**
 * The same headers as a plain map, for the few answers written outside Fastify's hooks (malformed
 * URLs, and client errors answered on the raw socket): helmet's own middleware run once with the
 * same options on a response that only records, so there is one definition of the headers.
 */
export function securityHeaderValues(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  // The same helmet options type, declared twice (@fastify/helmet reads helmet's CommonJS typings, this import its ESM ones).
  const options = helmetOptions(config) as Parameters<typeof helmetMiddleware>[0];
  helmetMiddleware(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on every response Fastify answers: pages, assets, API answers, 404s and errors.
 * Register before any route, hook or static plugin: helmet's onRequest hook then runs first, so even
 * a request refused by a later hook carries them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, { global: true, ...helmetOptions(config) });
}
