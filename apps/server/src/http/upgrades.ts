import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { urlPath } from './url-path';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** The WebSocket endpoints of the app's HTTP server, by path. */
export interface UpgradeRoutes {
  add(path: string, handler: UpgradeHandler): void;
}

/**
 * One 'upgrade' listener for the HTTP server: the gateway (/api/v1/ws) and the voice signalling
 * proxy (/api/v1/voice/sfu) register their paths; an upgrade to any other path is dropped.
 */
export function upgradeRoutes(server: Server): UpgradeRoutes {
  const routes = new Map<string, UpgradeHandler>();
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const handler = routes.get(urlPath(request.url ?? ''));
    if (!handler) {
      socket.destroy();
      return;
    }
    handler(request, socket, head);
  });
  return {
    add(path, handler) {
      if (routes.has(path)) throw new Error(`upgrade path ${path} registered twice`);
      routes.set(path, handler);
    },
  };
}
