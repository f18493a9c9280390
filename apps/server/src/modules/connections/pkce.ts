import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random value for a URL: 32 bytes, base64url (43 characters). The state and the PKCE verifier are made this way. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** The PKCE S256 challenge of a verifier (RFC 7636 §4.2): base64url(SHA-256(verifier)). */
export const s256Challenge = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** Whether two strings are equal, in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A payload and its HMAC-SHA256 under `secret`, as one base64url string: what the built-in stand-in hands out as codes and tokens. */
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
