import type { FastifyRequest } from 'fastify';
import type { Locale } from '@rally/shared/i18n/errors';

/** The language for server messages: the first supported tag of Accept-Language, else English. */
export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'en';
  for (const part of header.split(',')) {
    const [tag = ''] = part.split(';'); // split always gives at least one part
    const language = tag.trim().toLowerCase();
    if (language.startsWith('tr')) return 'tr';
    if (language.startsWith('en')) return 'en';
  }
  return 'en';
}
