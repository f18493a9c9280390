import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { CloseCode } from '@rally/shared/gateway/protocol';
import { RedisBus } from '../bus/redis-bus';
import { isGap } from '../bus/types';
import type { PresenceValue } from './presence';
import { hashToken } from '../modules/auth/session-repository';
import { localControl, redisControl, type ControlChannel } from './control';
import { GatewayCore } from './core';
import { gatewayOptions, type GatewayOptions } from './options';
import { MemoryPresenceRegistry, type PresenceRegistry } from './presence-registry';
import { RedisPresenceRegistry } from './redis-presence-registry';
import { MemorySessionStore, RedisSessionStore, type SessionStore } from './session-store';
import { authenticateUpgrade, checkUpgrade, GATEWAY_PATH, refuse } from './upgrade';

/** The realtime gateway at /api/v1/ws (see docs/gateway-protocol.md). */
export interface Gateway {
  /** Settles once presences left by stopped processes are reset (buildApp waits for it before serving). */
  readonly ready: Promise<void>;
  connectionCount(): number;
  /** The user chose a status (POST /api/v1/me/presence): their shown presence follows on every process. */
  choosePresence(userId: string, presence: PresenceValue): Promise<void>;
  /** Close the sockets opened with this session token (logout), with SESSION_ENDED. */
  closeSessionsOfToken(sessionToken: string): void;
  /** Close the sockets of these sessions, by token hash (a password reset), with SESSION_ENDED. */
  closeSessionsOfTokenHashes(tokenHashes: readonly string[]): void;
  /** Close every socket with SERVER_RESTART so that clients reconnect elsewhere. */
  shutdown(): Promise<void>;
}

/**
 * A socket error drops the socket. A plain function, not a closure of the upgrade handler: the
 * listener stays on the socket for its whole life, and a closure there would keep the handler's
 * scope (the upgrade request with all its headers, and `head`) alive as long as the socket.
 */
function destroySocket(this: Duplex): void {
  this.destroy();
}

/** How long shutdown waits for clients to answer the close before it drops their sockets. */
const SHUTDOWN_GRACE_MS = 2_000;

/**
 * Serve the gateway on the app's HTTP server (upgrades to /api/v1/ws, http/upgrades.ts). Options default to the config's GATEWAY_* settings.
 */
export function attachGateway(app: FastifyInstance, overrides: Partial<GatewayOptions> = {}): Gateway {
  const options = { ...gatewayOptions(app.config), ...overrides };
  const store: SessionStore = app.bus instanceof RedisBus ? new RedisSessionStore(app.bus.commands, app.config.REDIS_PREFIX) : new MemorySessionStore();
  const presence: PresenceRegistry =
    app.bus instanceof RedisBus ? new RedisPresenceRegistry(app.bus.commands, app.config.REDIS_PREFIX, options.presenceTtlMs) : new MemoryPresenceRegistry();
  const core = new GatewayCore(app, options, store, presence);
  const ready = core.presence.start();
  const control: ControlChannel =
    app.bus instanceof RedisBus
      ? redisControl(
          app.bus.commands,
          app.config.REDIS_PREFIX,
          (tokenHash) => core.endAuthSession(tokenHash),
          (err) => app.log.error({ err }, 'gateway: control channel'),
        )
      : localControl;
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes, perMessageDeflate: false, clientTracking: false });
  let accepting = true;

  const unsubscribe = app.bus.subscribe((message, id) => {
    try {
      core.router.route(message, id);
    } catch (err) {
      app.log.error({ err, type: isGap(message) ? 'gap' : message.event?.type }, 'gateway: routing failed');
    }
  });

  const sweep = setInterval(() => core.sweep(Date.now()), Math.max(10, Math.min(5_000, Math.floor(options.heartbeatTimeoutMs / 4))));
  sweep.unref();

  app.upgrades.add(GATEWAY_PATH, (req, socket, head) => {
    socket.on('error', destroySocket);
    if (!accepting) return refuse(socket, 503, 'Service Unavailable');
    const refusal = checkUpgrade(app.config, req);
    if (refusal) return refuse(socket, refusal.status, refusal.reason);
    authenticateUpgrade(app, req).then(
      (auth) => {
        if (socket.destroyed) return;
        if (!accepting) return refuse(socket, 503, 'Service Unavailable');
        wss.handleUpgrade(req, socket, head, (ws) => {
          // Accepted, then closed with a terminal code: a browser cannot read the status of a refused upgrade.
          if (!auth) ws.close(CloseCode.NOT_AUTHENTICATED, 'not authenticated');
          else core.open(ws, auth);
        });
      },
      (err: unknown) => {
        app.log.error({ err }, 'gateway: authentication failed');
        refuse(socket, 500, 'Internal Server Error');
      },
    );
  });

  return {
    ready,
    connectionCount: () => core.connections.size,
    choosePresence: (userId, chosen) => core.presence.choose(userId, chosen),
    closeSessionsOfToken(sessionToken) {
      const tokenHash = hashToken(sessionToken);
      core.endAuthSession(tokenHash);
      control.endAuthSession(tokenHash); // the other processes
    },
    closeSessionsOfTokenHashes(tokenHashes) {
      for (const tokenHash of tokenHashes) {
        core.endAuthSession(tokenHash);
        control.endAuthSession(tokenHash);
      }
    },
    async shutdown() {
      if (!accepting) return;
      accepting = false;
      clearInterval(sweep);
      await ready.catch(() => {});
      unsubscribe();
      const closed = [...core.connections.values()].map(
        (conn) =>
          new Promise<void>((resolve) => {
            if (conn.ws.readyState === conn.ws.CLOSED) return resolve();
            conn.ws.once('close', () => resolve());
            core.end(conn, CloseCode.SERVER_RESTART, 'server restart', true);
          }),
      );
      await core.pendingWrites();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(closed), new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS)))]);
      clearTimeout(timer);
      for (const conn of core.connections.values()) conn.ws.terminate();
      store.close();
      await control.close();
      wss.close();
    },
  };
}
