import type { FastifyInstance } from 'fastify';

/** The realtime gateway at /api/v1/ws (see docs/gateway-protocol.md). */
export interface Gateway {
  connectionCount(): number;
  /** Close the sockets opened with this session token (logout), with SESSION_ENDED. */
  closeSessionsOfToken(sessionToken: string): void;
  /** Close every socket with SERVER_RESTART so that clients reconnect elsewhere. */
  shutdown(): Promise<void>;
}

export function attachGateway(app: FastifyInstance): Gateway {
  void app;
  return { connectionCount: () => 0, closeSessionsOfToken: () => {}, shutdown: async () => {} };
}
