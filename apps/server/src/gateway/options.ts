import type { Config } from '../env';

/** The gateway's limits and timings (env.ts GATEWAY_* settings; tests shorten them). */
export interface GatewayOptions {
  heartbeatIntervalMs: number;
  heartbeatTimeoutMs: number;
  resumeWindowMs: number;
  resumeWaitMs: number;
  replayBuffer: number;
  frameRate: { count: number; windowMs: number };
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
    maxPayloadBytes: config.GATEWAY_MAX_PAYLOAD_BYTES,
    maxBufferedBytes: config.GATEWAY_MAX_BUFFERED_BYTES,
  };
}
