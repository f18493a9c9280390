import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { messageText } from './message-text';
import type { ClientFrame } from '@rally/shared/gateway/protocol';
import { call, type TestApp } from '../../test/helpers/app';

/** A server frame as a test sees it. */
export interface TestFrame {
  type: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read fields of many frame shapes; the shapes themselves are the protocol's
  data: any;
  seq: number;
}

export interface ConnectOptions {
  cookie?: string;
  origin?: string;
  headers?: Record<string, string>;
  path?: string;
}

/** The ws:// base URL of a listening app. */
export function gatewayUrl(app: FastifyInstance, path = '/api/v1/ws'): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}${path}`;
}

/**
 * A gateway client for tests: every frame is queued; `next` takes them in order and waits for one
 * when the queue is empty; `closed` resolves with the close code.
 */
export class TestClient {
  readonly frames: TestFrame[] = [];
  private readIndex = 0;
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Resolves once the socket is open, or rejects (unexpected HTTP status, error). */
  readonly opened: Promise<void>;
  /** The HTTP status when the upgrade was refused. */
  refusedStatus: number | null = null;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.frames.push(JSON.parse(messageText(raw)) as TestFrame);
      this.wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => (resolve({ code, reason: reason.toString() }), this.wake())));
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => {
        this.refusedStatus = res.statusCode ?? null;
        reject(new Error(`upgrade refused with ${res.statusCode}`));
        ws.terminate();
      });
      ws.once('error', (err) => reject(err));
    });
    this.opened.catch(() => {});
  }

  static connect(url: string, options: ConnectOptions = {}): TestClient {
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.origin) headers.origin = options.origin;
    return new TestClient(new WebSocket(url, { headers, perMessageDeflate: false }));
  }

  send(frame: ClientFrame | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(frame));
  }

  sendRaw(data: string): void {
    this.ws.send(data);
  }

  /** The next frame not taken yet (optionally the next of a type, skipping others), within `timeoutMs`. */
  async next(type?: string, timeoutMs = 5_000): Promise<TestFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.readIndex < this.frames.length) {
        const frame = this.frames[this.readIndex++]!; // readIndex < frames.length
        if (!type || frame.type === type) return frame;
      }
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error(`socket closed while waiting for ${type ?? 'a frame'}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type ?? 'frame'} within ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(-5).map((f) => f.type))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  /** Frames received and not taken yet. */
  unread(): TestFrame[] {
    return this.frames.slice(this.readIndex);
  }

  close(): void {
    this.ws.close();
  }

  /** Drop the connection without a close handshake (a lost network). */
  drop(): void {
    this.ws.terminate();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

/** Wait until `condition` holds (polled), or fail with `what` after the timeout. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A socket to the gateway of a listening withTestApp app (`path` another URL path), dropped when the app closes. */
export function connectTo(t: TestApp, options: ConnectOptions = {}): TestClient {
  const client = TestClient.connect(gatewayUrl(t.app, options.path), options);
  t.onClose(() => client.drop());
  return client;
}

/** A socket past its READY, with its session id. It sends HEARTBEAT first, so READY comes at once (a RESUME wait set long for loaded machines does not delay it). */
export async function readyClient(t: TestApp, user: { cookie: string }): Promise<{ client: TestClient; sessionId: string }> {
  const client = connectTo(t, { cookie: user.cookie });
  await client.opened;
  client.send({ type: 'HEARTBEAT', data: { seq: null } });
  const frame = await client.next('READY');
  return { client, sessionId: frame.data.sessionId as string };
}

/** A message sent through the API by `author`; throws (failing the test) unless it is accepted. */
export async function sendAs(t: TestApp, author: { cookie: string }, channelId: string, content: string): Promise<void> {
  const res = await call(t.app, 'POST', `/api/v1/channels/${channelId}/messages`, { cookie: author.cookie, body: { content } });
  if (res.statusCode !== 201) throw new Error(`message not sent: ${res.statusCode} ${res.body}`);
}
