import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translateError, type ErrorCode } from '@rally/shared/i18n/errors';
import type { ErrorResponse } from '@rally/shared/api/common';
import type { Config } from '../env';
import { AppError } from '../lib/errors';
import { requestLocale } from './locale';
import { securityHeaderValues } from './security-headers';

interface Refusal {
  status: number;
  code: ErrorCode;
}

/** Fastify's own request errors (body parsing, routing) and the catalogue code each is answered with. */
const FASTIFY_ERRORS = new Map<string, Refusal>([
  ['FST_ERR_CTP_BODY_TOO_LARGE', { status: 413, code: 'payload_too_large' }],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', { status: 415, code: 'unsupported_media_type' }],
  ['FST_ERR_CTP_INVALID_JSON_BODY', { status: 400, code: 'malformed_request' }],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', { status: 400, code: 'malformed_request' }],
  ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', { status: 400, code: 'malformed_request' }],
  ['FST_ERR_BAD_URL', { status: 400, code: 'malformed_request' }],
  ['FST_ERR_MAX_PARAM_LENGTH', { status: 414, code: 'invalid_request' }],
]);

/** Errors that Node's HTTP parser raises before a request exists (the 'clientError' event). */
const CLIENT_ERRORS = new Map<string, Refusal>([
  ['HPE_HEADER_OVERFLOW', { status: 431, code: 'headers_too_large' }],
  ['HPE_CHUNK_EXTENSIONS_OVERFLOW', { status: 413, code: 'payload_too_large' }],
  // Headers or body not received within the server's timeouts (app.ts connectionTimeouts).
  ['ERR_HTTP_REQUEST_TIMEOUT', { status: 408, code: 'request_timeout' }],
]);

/** One error shape for every failure: { success: false, message, code, errors? }. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof AppError) {
      const body: ErrorResponse = { success: false, message: translateError(error.code, locale, error.vars), code: error.code };
      if (error.fieldErrors) {
        body.errors = Object.fromEntries(Object.entries(error.fieldErrors).map(([f, c]) => [f, translateError(c, locale, error.vars)]));
      }
      return reply.status(error.status).headers(error.headers).send(body);
    }
    const { status, code } = refusalOf(error);
    if (status === 500) request.log.error(error);
    const body: ErrorResponse = { success: false, message: translateError(code, locale), code };
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const body: ErrorResponse = { success: false, message: translateError('not_found', requestLocale(request)), code: 'not_found' };
    return reply.status(404).send(body);
  });
}

function refusalOf(error: FastifyError): Refusal {
  const known = FASTIFY_ERRORS.get(error.code);
  if (known) return known;
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  return { status, code: status === 500 ? 'internal' : status === 404 ? 'not_found' : 'invalid_request' };
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (`/api/v1/%zz`) or a parameter over
 * its length. It runs before routing, so no hook (nor helmet's) has run: the security headers are
 * set here.
 */
export function frameworkErrorHandler(config: Config): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  const headers = securityHeaderValues(config);
  return (error, request, reply) => {
    const { status, code } = refusalOf(error);
    if (status === 500) request.log.error(error);
    const body: ErrorResponse = { success: false, message: translateError(code, requestLocale(request)), code };
    reply.status(status).headers(headers).send(body);
  };
}

/**
 * Fastify's `clientErrorHandler`: Node's parser refused the bytes (headers over the limit, a garbage
 * request line, a timeout) before any request exists, so the answer is written on the socket. With
 * no parsed headers there is no Accept-Language: the message is English.
 */
export function clientErrorHandler(config: Config): (error: ConnectionError, socket: Socket) => void {
  const securityHeaders = Object.entries(securityHeaderValues(config))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error, socket) => {
    // A reset connection has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, code } = CLIENT_ERRORS.get(error.code) ?? { status: 400, code: 'malformed_request' };
    // A response already under way on this keep-alive socket must not be interleaved with ours;
    // `_httpMessage` is Node's own link from the socket to it (Node's default handler checks the same).
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const body = JSON.stringify({ success: false, message: translateError(code, 'en'), code } satisfies ErrorResponse);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          'connection: close\r\n' +
          'content-type: application/json; charset=utf-8\r\n' +
          `content-length: ${Buffer.byteLength(body)}\r\n` +
          securityHeaders +
          `\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
