import type { Config } from '../env';

/**
 * Whether a browser's Origin header names us: PUBLIC_URL's origin, or the Host the request was
 * sent to over http or https. The CSRF check (http/csrf.ts) and the WebSocket upgrade check
 * (gateway/upgrade.ts) both use it, so that one origin is accepted or refused by both.
 */
export function isOwnOrigin(config: Pick<Config, 'PUBLIC_URL'>, origin: string, host: string | undefined): boolean {
  if (origin === new URL(config.PUBLIC_URL).origin) return true;
  return host !== undefined && host !== '' && (origin === `http://${host}` || origin === `https://${host}`);
}
