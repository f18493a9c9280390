import type { FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '@rally/shared/api/common';
import type { Config } from '../env';
import { forbidden } from '../lib/errors';
import { isOwnOrigin } from './origin';

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
  if (!isOwnOrigin(config, origin, request.headers.host)) throw forbidden('csrf');
}
