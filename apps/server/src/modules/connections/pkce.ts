import { createHash, randomBytes } from 'node:crypto';

/** A random value for a URL: 32 bytes, base64url (43 characters). The state and the PKCE verifier are made this way. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** The PKCE S256 challenge of a verifier (RFC 7636 §4.2): base64url(SHA-256(verifier)). */
export const s256Challenge = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');
