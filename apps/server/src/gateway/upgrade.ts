import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../env';
import { isOwnOrigin } from '../http/origin';
import { resolveRegion } from '../http/region';
import { SESSION_COOKIE } from '../modules/auth/authenticate';
import { findSessionUserId } from '../modules/auth/session-repository';

export const GATEWAY_PATH = '/api/v1/ws';

/** An HTTP answer that refuses the upgrade before any WebSocket exists. */
export interface UpgradeRefusal {
  status: number;
  reason: string;
}

/**
 * Checks made before the upgrade, as for any API request: a browser's Origin must be ours (a
 * cross-site page could otherwise open a socket with the visitor's cookie: cross-site WebSocket
 * hijacking), and a blocked region is refused (451) like every API path.
 */
export function checkUpgrade(config: Config, req: IncomingMessage): UpgradeRefusal | null {
  const origin = req.headers.origin;
  if (origin && !isOwnOrigin(config, origin, req.headers.host)) return { status: 403, reason: 'Forbidden' };
  const header = req.headers[config.COUNTRY_HEADER];
  const region = resolveRegion(config, req.socket.remoteAddress ?? '', Array.isArray(header) ? header[0] : header);
  if (!region.allowed) return { status: 451, reason: 'Unavailable For Legal Reasons' };
  return null;
}

/** The signed-in user of the upgrade request (session cookie), or null. */
export async function authenticateUpgrade(app: FastifyInstance, req: IncomingMessage): Promise<{ userId: string; token: string } | null> {
  const header = req.headers.cookie;
  if (!header) return null;
  const raw = app.parseCookie(header)[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = app.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const userId = await findSessionUserId(app.db, unsigned.value);
  return userId ? { userId, token: unsigned.value } : null;
}

/** Answer the upgrade request with a plain HTTP status and drop the socket. */
export function refuse(socket: Duplex, status: number, reason: string): void {
  if (socket.destroyed) return;
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${reason.length}\r\n\r\n${reason}`);
}
