import type { FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '@rally/shared/api/common';
import type { Config } from '../env';
import { forbidden } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated calls: every state-changing request must carry the
 * X-Rally-Request header (a cross-site form cannot set it, and a cross-site fetch with it needs a
 * CORS preflight that we never grant), and a browser's Origin, when sent, must be our own.
 */
export function checkCsrf(config: Config, request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (!request.headers[CSRF_HEADER]) throw forbidden('csrf');
  const origin = request.headers.origin;
  if (!origin) return;
  const allowed = new Set([new URL(config.PUBLIC_URL).origin]);
  const host = request.headers.host;
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  if (!allowed.has(origin)) throw forbidden('csrf');
}
