import WebSocket from 'ws';
import { clientFrameSchema, type ClientFrame, type ControlFrame } from '@rally/shared/gateway/protocol';
import { controlFrame } from './frames';
import type { FrameSink, Session } from './session';

export interface ConnectionLimits {
  frameRate: { count: number; windowMs: number };
  maxBufferedBytes: number;
}

/** Outcome of reading one client message. */
export type Incoming = { ok: true; frame: ClientFrame } | { ok: false; reason: 'rate' | 'invalid' };

/**
 * One socket: the signed-in user, its rate limit and liveness, and the session it carries once
 * READY or RESUMED. Kept small: a process may hold tens of thousands of these.
 */
export class Connection implements FrameSink {
  /** waiting: no first frame yet; starting: READY being built; resuming: RESUME being served. */
  phase: 'waiting' | 'starting' | 'resuming' | 'live' | 'closed' = 'waiting';
  session: Session | null = null;
  lastFrameAt = Date.now();
  framesReceived = 0;
  private windowStart = this.lastFrameAt;
  private windowCount = 0;
  /** Timer that starts a fresh session when no first frame arrives. */
  waitTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly ws: WebSocket,
    readonly userId: string,
    /** sha256 of the auth session token (the raw token is not kept). */
    readonly tokenHash: string,
    private readonly limits: ConnectionLimits,
  ) {}

  /** Count, rate-limit and validate one message from the client. */
  read(raw: WebSocket.RawData, isBinary: boolean): Incoming {
    const now = Date.now();
    this.lastFrameAt = now;
    this.framesReceived++;
    if (now - this.windowStart >= this.limits.frameRate.windowMs) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    if (++this.windowCount > this.limits.frameRate.count) return { ok: false, reason: 'rate' };
    if (isBinary) return { ok: false, reason: 'invalid' };
    let json: unknown;
    try {
      json = JSON.parse(raw.toString());
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    const parsed = clientFrameSchema.safeParse(json);
    return parsed.success ? { ok: true, frame: parsed.data } : { ok: false, reason: 'invalid' };
  }

  /** Send a finished frame. A socket that cannot keep up is dropped (it may resume later). */
  sendRaw(frame: string): void {
    const ws = this.ws;
    if (ws.readyState !== WebSocket.OPEN) return;
    ws.send(frame);
    if (ws.bufferedAmount > this.limits.maxBufferedBytes) ws.terminate();
  }

  sendControl(frame: ControlFrame, seq: number): void {
    this.sendRaw(controlFrame(frame, seq));
  }

  close(code: number, reason: string): void {
    if (this.waitTimer) clearTimeout(this.waitTimer);
    this.waitTimer = null;
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close(code, reason);
  }
}
