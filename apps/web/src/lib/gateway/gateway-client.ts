import type { ClientFrame, DispatchEvent, ReadyData } from '@rally/shared/gateway/protocol';
import { TERMINAL_CLOSE_CODES } from '@rally/shared/gateway/protocol';
import { TIMING } from '@rally/shared/limits';

/**
 * The live connection as an explicit state machine (DESIGN.md convention 4), free of React so that
 * it can be tested with a fake socket and fake timers.
 *
 *   idle ──connect()──▶ connecting ──READY──▶ ready
 *                      resuming  ──RESUMED─▶ ready            (a session to resume exists)
 *   connecting|resuming|ready ──close──▶ disconnected ──10 s──▶ resuming (or connecting)
 *   resuming ──INVALID_SESSION──▶ connecting (fresh, at once; caches are reset)
 *   any ──close with a terminal code──▶ terminated (no reconnect)
 *   any ──disconnect()──▶ idle
 *
 * Heartbeats run at the interval READY gives. A beat that finds the previous one unacknowledged
 * treats the socket as dead: it is closed and the reconnect path runs.
 */
export type GatewayState = 'idle' | 'connecting' | 'ready' | 'resuming' | 'disconnected' | 'terminated';

/** The few members of a WebSocket that the client uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface GatewayTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  now(): number;
}

const defaultTimers: GatewayTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>),
  now: () => Date.now(),
};

export interface GatewayHandlers {
  /** A fresh session started: seed the caches. `resetCaches` is true when a previous session was lost. */
  onReady?(data: ReadyData, info: { resetCaches: boolean }): void;
  /** A state-changing event, in sequence order, each at most once. */
  onDispatch?(event: DispatchEvent): void;
  /** The previous session could not be resumed: events were lost, so cached data must be refetched. */
  onSessionLost?(): void;
  /** The server closed with a terminal code (not authenticated, session ended). */
  onTerminated?(code: number): void;
  onStateChange?(state: GatewayState): void;
}

export interface GatewayClientOptions extends GatewayHandlers {
  url: string | (() => string);
  createSocket?: (url: string) => SocketLike;
  timers?: GatewayTimers;
  reconnectDelayMs?: number;
  /** Used until READY tells the real interval. */
  heartbeatIntervalMs?: number;
}

/** Close code the client uses when it gives up on a socket that stopped acknowledging heartbeats. */
export const CLIENT_CLOSE_HEARTBEAT_TIMEOUT = 4900;
const OPEN = 1;

export interface GatewaySnapshot {
  state: GatewayState;
  /** When the next reconnect attempt starts (epoch ms), while disconnected. */
  nextRetryAt: number | null;
  /** The close code that stopped the connection, when terminated or disconnected. */
  closeCode: number | null;
}

export class GatewayClient {
  private readonly opts: GatewayClientOptions;
  private readonly timers: GatewayTimers;
  private readonly reconnectDelayMs: number;
  private readonly listeners = new Set<() => void>();

  private socket: SocketLike | null = null;
  private _state: GatewayState = 'idle';
  private snapshot: GatewaySnapshot = { state: 'idle', nextRetryAt: null, closeCode: null };

  private sessionId: string | null = null;
  private lastSeq = 0;
  private heartbeatIntervalMs: number;
  private heartbeatHandle: unknown = null;
  private awaitingAck = false;
  private reconnectHandle: unknown = null;
  private nextRetryAt: number | null = null;
  private closeCode: number | null = null;
  /** A previous session was lost (INVALID_SESSION, or READY while resuming): the next READY resets caches. */
  private sessionLost = false;

  constructor(opts: GatewayClientOptions) {
    this.opts = opts;
    this.timers = opts.timers ?? defaultTimers;
    this.reconnectDelayMs = opts.reconnectDelayMs ?? TIMING.reconnectDelayMs;
    this.heartbeatIntervalMs = opts.heartbeatIntervalMs ?? TIMING.heartbeatIntervalMs;
  }

  get state(): GatewayState {
    return this._state;
  }

  /** Last sequence number seen (for tests and diagnostics). */
  get seq(): number {
    return this.lastSeq;
  }

  get session(): string | null {
    return this.sessionId;
  }

  /** Stable snapshot for useSyncExternalStore. */
  getSnapshot = (): GatewaySnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Start (from idle or terminated). Does nothing while a connection is live or scheduled. */
  connect(): void {
    if (this._state !== 'idle' && this._state !== 'terminated') return;
    this.closeCode = null;
    this.openSocket();
  }

  /** Skip the wait of a scheduled reconnect (e.g. the browser came back online). */
  reconnectNow(): void {
    if (this._state !== 'disconnected') return;
    this.clearReconnect();
    this.openSocket();
  }

  /** Stop for good (sign-out, unmount): no reconnect, the session is forgotten. */
  disconnect(): void {
    this.clearReconnect();
    this.stopHeartbeat();
    this.dropSocket(1000, 'client disconnect');
    this.sessionId = null;
    this.lastSeq = 0;
    this.sessionLost = false;
    this.setState('idle');
  }

  /** Send a frame when the session is ready. Returns false when it could not be sent. */
  send(frame: ClientFrame): boolean {
    if (this._state !== 'ready' || !this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  // ---------- internals ----------

  private openSocket(): void {
    const resume = this.sessionId !== null;
    this.setState(resume ? 'resuming' : 'connecting');
    const url = typeof this.opts.url === 'function' ? this.opts.url() : this.opts.url;
    let socket: SocketLike;
    try {
      socket = (this.opts.createSocket ?? ((u: string) => new WebSocket(u) as unknown as SocketLike))(url);
    } catch {
      this.handleClose(1006);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      if (this.sessionId !== null && this._state === 'resuming') {
        // RESUME must be the first frame on the new socket.
        socket.send(JSON.stringify({ type: 'RESUME', data: { sessionId: this.sessionId, seq: this.lastSeq } } satisfies ClientFrame));
      } else {
        // The server holds READY back briefly for a RESUME; any other first frame means "fresh".
        socket.send(JSON.stringify({ type: 'HEARTBEAT', data: { seq: null } } satisfies ClientFrame));
      }
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      this.handleMessage(ev.data);
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.handleClose(ev.code);
    };
    socket.onerror = () => {
      // A close event follows an error; nothing to do here.
    };
  }

  private handleMessage(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let frame: { type?: unknown; data?: unknown; seq?: unknown };
    try {
      frame = JSON.parse(raw) as typeof frame;
    } catch {
      return;
    }
    if (!frame || typeof frame.type !== 'string') return;
    const seq = typeof frame.seq === 'number' ? frame.seq : null;

    switch (frame.type) {
      case 'READY': {
        const data = frame.data as ReadyData;
        const resetCaches = this.sessionLost || (this._state === 'resuming' && this.sessionId !== data.sessionId);
        this.sessionId = data.sessionId;
        this.lastSeq = seq ?? 0;
        this.sessionLost = false;
        if (typeof data.heartbeatInterval === 'number' && data.heartbeatInterval > 0) this.heartbeatIntervalMs = data.heartbeatInterval;
        this.setState('ready');
        this.startHeartbeat();
        if (resetCaches) this.opts.onSessionLost?.();
        this.opts.onReady?.(data, { resetCaches });
        return;
      }
      case 'RESUMED': {
        if (seq !== null && seq > this.lastSeq) this.lastSeq = seq;
        this.setState('ready');
        this.startHeartbeat();
        return;
      }
      case 'INVALID_SESSION': {
        // Start fresh on a new socket, without RESUME; the READY that follows resets the caches.
        this.sessionId = null;
        this.lastSeq = 0;
        this.sessionLost = true;
        this.stopHeartbeat();
        this.dropSocket(1000, 'invalid session');
        this.openSocket();
        return;
      }
      case 'HEARTBEAT_ACK': {
        this.awaitingAck = false;
        return;
      }
      default: {
        // A dispatch event. Ignore anything seen already (a replay that overlaps) or before READY.
        if (this._state !== 'ready' && this._state !== 'resuming') return;
        if (seq !== null) {
          if (seq <= this.lastSeq) return;
          this.lastSeq = seq;
        }
        try {
          this.opts.onDispatch?.({ type: frame.type, data: frame.data } as DispatchEvent);
        } catch (err) {
          console.error('gateway: dispatch handler failed', err);
        }
      }
    }
  }

  private handleClose(code: number): void {
    this.socket = null;
    this.stopHeartbeat();
    this.closeCode = code;
    if (TERMINAL_CLOSE_CODES.includes(code)) {
      this.clearReconnect();
      this.sessionId = null;
      this.lastSeq = 0;
      this.setState('terminated');
      this.opts.onTerminated?.(code);
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.clearReconnect();
    this.nextRetryAt = this.timers.now() + this.reconnectDelayMs;
    this.setState('disconnected');
    this.reconnectHandle = this.timers.setTimeout(() => {
      this.reconnectHandle = null;
      this.nextRetryAt = null;
      this.openSocket();
    }, this.reconnectDelayMs);
  }

  private clearReconnect(): void {
    if (this.reconnectHandle !== null) this.timers.clearTimeout(this.reconnectHandle);
    this.reconnectHandle = null;
    this.nextRetryAt = null;
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.awaitingAck = false;
    this.heartbeatHandle = this.timers.setInterval(() => this.beat(), this.heartbeatIntervalMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeatHandle !== null) this.timers.clearInterval(this.heartbeatHandle);
    this.heartbeatHandle = null;
    this.awaitingAck = false;
  }

  private beat(): void {
    const socket = this.socket;
    if (!socket) return;
    if (this.awaitingAck) {
      // No ACK since the last beat: the connection is dead (a half-open TCP connection never closes by itself).
      this.dropSocket(CLIENT_CLOSE_HEARTBEAT_TIMEOUT, 'heartbeat timeout');
      this.handleClose(CLIENT_CLOSE_HEARTBEAT_TIMEOUT);
      return;
    }
    this.awaitingAck = true;
    if (socket.readyState === OPEN) socket.send(JSON.stringify({ type: 'HEARTBEAT', data: { seq: this.lastSeq } } satisfies ClientFrame));
  }

  /** Detach and close the current socket; its late events are ignored. */
  private dropSocket(code: number, reason: string): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(code, reason);
    } catch {
      // already closed
    }
  }

  private setState(state: GatewayState): void {
    this._state = state;
    const next: GatewaySnapshot = {
      state,
      nextRetryAt: state === 'disconnected' ? this.nextRetryAt : null,
      closeCode: state === 'disconnected' || state === 'terminated' ? this.closeCode : null,
    };
    const prev = this.snapshot;
    if (prev.state === next.state && prev.nextRetryAt === next.nextRetryAt && prev.closeCode === next.closeCode) return;
    this.snapshot = next;
    this.opts.onStateChange?.(state);
    for (const l of this.listeners) l();
  }
}

/** The gateway URL for this page: same host, wss: on https. */
export function gatewayUrl(loc: { protocol: string; host: string } = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/api/v1/ws`;
}
