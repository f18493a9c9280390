import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Sealed strings: a JSON payload and its HMAC-SHA256 under a secret, as `base64url(json).base64url(mac)`.
 * The server's short-lived signed grants are written this way: voice tokens (sfu/token.ts), move
 * grants (modules/voice/move-grant.ts), the built-in OAuth stand-in's codes and tokens. Each kind
 * uses a key of its own, so one kind never passes for another.
 */

/** Whether two strings are equal, in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

export function seal(secret: string, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The payload of a sealed string when its signature is right, else null. */
export function unseal(secret: string, sealed: string): unknown {
  const dot = sealed.indexOf('.');
  if (dot <= 0) return null;
  const body = sealed.slice(0, dot);
  if (!sameSecret(sealed.slice(dot + 1), createHmac('sha256', secret).update(body).digest('base64url'))) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
