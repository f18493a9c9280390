import type { FastifyRequest } from 'fastify';

/**
 * Secrets that travel in URLs, kept out of the server's log: password reset links
 * (`/resetpassword/<token>`), e-mail verification links (`/emailVerify?key=…`), OAuth callbacks
 * (`code`, `state`), voice move grants (`…/join?token=…`) and any other query parameter of these
 * names. Each secret is replaced by `[redacted]`; the rest of the URL stays, so a log line still
 * says which route was asked for.
 */
const SECRET_PARAMS = new Set(['token', 'key', 'code', 'state', 'code_verifier', 'access_token', 'refresh_token', 'id_token', 'password', 'secret']);
const SECRET_PATHS = [/^(\/resetpassword\/)[^/?]+/i];
export const REDACTED = '[redacted]';

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL (a request target: path and query) with its secrets replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  let path = mark === -1 ? url : url.slice(0, mark);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (mark === -1) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      return SECRET_PARAMS.has(paramName(pair.slice(0, eq))) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** The request as log lines show it (Fastify's default fields), its URL redacted. */
export function requestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
