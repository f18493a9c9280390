import type { FastifyInstance } from 'fastify';

export interface Gateway {
  connectionCount(): number;
  /** Close every socket with SERVER_RESTART so that clients reconnect elsewhere. */
  shutdown(): Promise<void>;
}

export function attachGateway(app: FastifyInstance): Gateway {
  void app;
  return { connectionCount: () => 0, shutdown: async () => {} };
}
