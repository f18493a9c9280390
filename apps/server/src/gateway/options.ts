import type { Config } from '../env';

/** The gateway's limits and timings (env.ts GATEWAY_* settings; tests shorten them). */
export interface GatewayOptions {
  heartbeatIntervalMs: number;
  heartbeatTimeoutMs: number;
  resumeWindowMs: number;
  resumeWaitMs: number;
  replayBuffer: number;
  frameRate: { count: number; windowMs: number };
  /** Sockets one user may hold on this process. */
  maxSocketsPerUser: number;
  /** Client frames of all of one user's sockets together. */
  userFrameRate: { count: number; windowMs: number };
  /** Sockets one user may open per window. */
  userConnectRate: { count: number; windowMs: number };
  /** How long PRESENCE_UPDATE frames of one user are gathered before one write. */
  presenceCoalesceMs: number;
  /** A process that has not renewed its presence registration for this long is taken for stopped (its users go offline); it renews every third of it. */
  presenceTtlMs: number;
  /** Whether sockets going live and closing change presence (env GATEWAY_PRESENCE_ON_CONNECT). */
  presenceOnConnect: boolean;
  maxPayloadBytes: number;
  maxBufferedBytes: number;
}

export function gatewayOptions(config: Config): GatewayOptions {
  return {
    heartbeatIntervalMs: config.GATEWAY_HEARTBEAT_INTERVAL_MS,
    heartbeatTimeoutMs: config.GATEWAY_HEARTBEAT_TIMEOUT_MS,
    resumeWindowMs: config.GATEWAY_RESUME_WINDOW_MS,
    resumeWaitMs: config.GATEWAY_RESUME_WAIT_MS,
    replayBuffer: config.GATEWAY_REPLAY_BUFFER,
    frameRate: config.GATEWAY_FRAME_RATE,
    maxSocketsPerUser: config.GATEWAY_MAX_SOCKETS_PER_USER,
    userFrameRate: config.GATEWAY_USER_FRAME_RATE,
    userConnectRate: config.GATEWAY_USER_CONNECT_RATE,
    presenceCoalesceMs: config.GATEWAY_PRESENCE_COALESCE_MS,
    presenceTtlMs: config.GATEWAY_PRESENCE_TTL_MS,
    presenceOnConnect: config.GATEWAY_PRESENCE_ON_CONNECT,
    maxPayloadBytes: config.GATEWAY_MAX_PAYLOAD_BYTES,
    maxBufferedBytes: config.GATEWAY_MAX_BUFFERED_BYTES,
  };
}
