import WebSocket from 'ws';
import { messageText } from './message-text';
import { clientFrameSchema, type ClientFrame, type ControlFrame } from '@rally/shared/gateway/protocol';
import { controlFrame } from './frames';
import { RateWindow } from './rate-window';
import type { FrameSink, Session } from './session';
import type { UserSockets } from './users';

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
  private readonly frames: RateWindow;
  /** The user's sockets on this process, whose frame budget this socket shares (set once admitted). */
  user: UserSockets | null = null;
  /** Timer that starts a fresh session when no first frame arrives. */
  waitTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly ws: WebSocket,
    readonly userId: string,
    /** sha256 of the auth session token (the raw token is not kept). */
    readonly tokenHash: string,
    private readonly limits: ConnectionLimits,
  ) {
    this.frames = new RateWindow(limits.frameRate);
  }

  /** Count, rate-limit (per socket, and per user across the user's sockets) and validate one message from the client. */
  read(raw: WebSocket.RawData, isBinary: boolean): Incoming {
    const now = Date.now();
    this.lastFrameAt = now;
    this.framesReceived++;
    if (!this.frames.hit(now)) return { ok: false, reason: 'rate' };
    if (this.user && !this.user.frames.hit(now)) return { ok: false, reason: 'rate' };
    if (isBinary) return { ok: false, reason: 'invalid' };
    let json: unknown;
    try {
      json = JSON.parse(messageText(raw));
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
