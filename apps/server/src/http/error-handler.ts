import type { FastifyError, FastifyInstance } from 'fastify';
import { translateError } from '@rally/shared/i18n/errors';
import type { ErrorResponse } from '@rally/shared/api/common';
import { AppError } from '../lib/errors';
import { requestLocale } from './locale';

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
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    const code = status === 500 ? 'internal' : status === 404 ? 'not_found' : 'invalid_request';
    const body: ErrorResponse = { success: false, message: translateError(code, locale), code };
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const body: ErrorResponse = { success: false, message: translateError('not_found', requestLocale(request)), code: 'not_found' };
    return reply.status(404).send(body);
  });
}
