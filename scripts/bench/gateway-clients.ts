/**
 * A child process that holds the bench's gateway sockets (the `ws` package), so that the work of
 * receiving does not share an event loop with the senders. Driven over IPC by run.ts:
 *   connect {url, origin, cookies, concurrency, readers} -> connected {ready, failed, ms, errors}
 *   reset -> reset            (start counting deliveries)
 *   count -> count {deliveries}
 *   report -> report {deliveries, latency summary, firstAt, lastAt}
 *   close -> closed, then exit
 * A delivery is a MESSAGE_SEND frame; its latency is now minus the send time the sender put in the
 * nonce ("bench:<epoch ms with fractions>"). The first `readers` sockets to get READY are looking at
 * the channel, as the web client does: after a MESSAGE_SEND each sends MESSAGE_READ with that
 * message's id, at most once per READ_THROTTLE_MS (the last one of a burst sent when it ends).
 */
import WebSocket from 'ws';
import { messageText } from '../../apps/server/src/gateway/message-text';
import { preciseNow, summarize } from './stats';

type Command =
  | { type: 'connect'; url: string; origin: string; cookies: string[]; concurrency: number; readers: number }
  | { type: 'reset' }
  | { type: 'count' }
  | { type: 'report' }
  | { type: 'close' };

const sockets: WebSocket[] = [];
const timers: NodeJS.Timeout[] = [];
let deliveries = 0;
let latencies: number[] = [];
let firstAt = 0;
let lastAt = 0;
let unexpectedCloses = 0;
/** MESSAGE_READ frames sent by the reading sockets since the last reset. */
let readsSent = 0;

/** The web client's pace of MESSAGE_READ for an open channel (apps/web features/unread). */
const READ_THROTTLE_MS = 1000;
/** The sockets looking at the channel, and the read each still has to send. */
const readers = new Map<WebSocket, { lastSentAt: number; due: { channelId: string; messageId: string } | null; timer: NodeJS.Timeout | null }>();

function sendRead(ws: WebSocket): void {
  const state = readers.get(ws);
  if (!state?.due || ws.readyState !== WebSocket.OPEN) return;
  ws.send(JSON.stringify({ type: 'MESSAGE_READ', data: state.due }));
  readsSent++;
  state.due = null;
  state.lastSentAt = performance.now();
}

/** A reading socket saw a message: read it now, or when the throttle allows. */
function read(ws: WebSocket, channelId: string, messageId: string): void {
  const state = readers.get(ws);
  if (!state) return;
  state.due = { channelId, messageId };
  if (state.timer) return;
  const wait = state.lastSentAt + READ_THROTTLE_MS - performance.now();
  if (wait <= 0) return sendRead(ws);
  state.timer = setTimeout(() => {
    state.timer = null;
    sendRead(ws);
  }, wait);
}

function send(message: unknown): void {
  process.send!(message);
}

/** The last dispatch seq each socket received (acknowledged with its heartbeats). */
const lastSeq = new WeakMap<WebSocket, number>();

function onFrame(ws: WebSocket, raw: WebSocket.RawData, onReady: () => void): void {
  const text = messageText(raw);
  // Cheap filter before parsing: only READY and MESSAGE_SEND matter here.
  if (text.includes('"MESSAGE_SEND"')) {
    const now = preciseNow();
    const frame = JSON.parse(text) as { type: string; seq: number; data: { id: string; channelId: string; nonce?: string | null } };
    if (frame.type !== 'MESSAGE_SEND') return;
    lastSeq.set(ws, frame.seq);
    deliveries++;
    if (!firstAt) firstAt = now;
    lastAt = now;
    const nonce = frame.data.nonce;
    if (nonce?.startsWith('bench:')) latencies.push(now - Number(nonce.slice(6)));
    read(ws, frame.data.channelId, frame.data.id);
    return;
  }
  if (text.includes('"READY"')) {
    const frame = JSON.parse(text) as { type: string; data: { heartbeatInterval: number } };
    if (frame.type !== 'READY') return;
    const interval = frame.data.heartbeatInterval;
    // Heartbeats as the web client sends them, spread over the interval.
    const first = setTimeout(() => {
      const beat = () => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ type: 'HEARTBEAT', data: { seq: lastSeq.get(ws) ?? null } }));
      beat();
      timers.push(setInterval(beat, interval));
    }, Math.random() * interval);
    timers.push(first);
    onReady();
  }
}

function connectOne(url: string, origin: string, cookie: string, reader: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie, origin }, perMessageDeflate: false });
    let ready = false;
    // A fresh session starts on the first frame that is not RESUME: beat at once to get READY.
    ws.on('open', () => ws.send(JSON.stringify({ type: 'HEARTBEAT', data: { seq: null } })));
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('no READY within 30 s'));
    }, 30_000);
    ws.on('message', (raw) =>
      onFrame(ws, raw, () => {
        if (ready) return;
        ready = true;
        clearTimeout(timer);
        sockets.push(ws);
        if (reader()) readers.set(ws, { lastSentAt: 0, due: null, timer: null });
        resolve();
      }),
    );
    ws.on('error', (err) => {
      if (!ready) {
        clearTimeout(timer);
        reject(err);
      }
    });
    ws.on('close', (code, reason) => {
      if (ready) unexpectedCloses++;
      else {
        clearTimeout(timer);
        reject(new Error(`closed before READY: ${code} ${reason.toString()}`));
      }
    });
  });
}

async function connectAll(cmd: Extract<Command, { type: 'connect' }>): Promise<void> {
  const started = performance.now();
  let next = 0;
  let failed = 0;
  const errors: string[] = [];
  await Promise.all(
    Array.from({ length: cmd.concurrency }, async () => {
      while (next < cmd.cookies.length) {
        const cookie = cmd.cookies[next++]!; // next < length, checked without an await in between
        try {
          await connectOne(cmd.url, cmd.origin, cookie, () => readers.size < cmd.readers);
        } catch (err) {
          failed++;
          if (errors.length < 5) errors.push(err instanceof Error ? err.message : String(err));
        }
      }
    }),
  );
  send({ type: 'connected', ready: sockets.length, failed, ms: performance.now() - started, errors });
}

process.on('message', (cmd: Command) => {
  switch (cmd.type) {
    case 'connect':
      void connectAll(cmd);
      break;
    case 'reset':
      deliveries = 0;
      latencies = [];
      firstAt = 0;
      lastAt = 0;
      readsSent = 0;
      send({ type: 'reset' });
      break;
    case 'count':
      send({ type: 'count', deliveries });
      break;
    case 'report':
      send({ type: 'report', deliveries, latency: summarize(latencies), firstAt, lastAt, unexpectedCloses, readsSent });
      break;
    case 'close':
      for (const t of timers) clearTimeout(t);
      for (const state of readers.values()) if (state.timer) clearTimeout(state.timer);
      for (const ws of sockets) {
        ws.removeAllListeners('close');
        ws.terminate();
      }
      send({ type: 'closed' });
      setTimeout(() => process.exit(0), 100);
      break;
  }
});
process.on('disconnect', () => process.exit(0));
