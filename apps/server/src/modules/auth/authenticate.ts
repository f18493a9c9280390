import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignedInUser } from '../users/repository';
import { findSessionUser, lastSeenIsStale, touchSession } from './session-repository';

export const SESSION_COOKIE = 'rally_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, when the session cookie is valid. */
    userId: string | null;
    /** The signed-in user (read with the session, in the same statement), when the session cookie is valid. */
    user: SignedInUser | null;
    /** The raw session token from the cookie (for logout). */
    sessionToken: string | null;
  }
}

/** Read the session cookie (signed) and return its token, or null. */
export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

/**
 * onRequest hook: resolves request.user and request.userId from the cookie, for every API request
 * (one statement). The session's last-seen time comes with it; when it is a minute old or more, one
 * conditional update marks the session seen (the sessions list), so most requests add no query.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  const token = readSessionToken(request);
  const session = token ? await findSessionUser(request.server.db, token) : null;
  if (token && session && lastSeenIsStale(session.lastSeenAt)) await touchSession(request.server.db, token);
  request.sessionToken = token;
  request.user = session?.user ?? null;
  request.userId = session?.user.id ?? null;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean, maxAgeMs: number): void {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', signed: true, maxAge: Math.floor(maxAgeMs / 1000) });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
