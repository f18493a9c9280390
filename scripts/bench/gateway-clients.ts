/**
 * A child process that holds the bench's gateway sockets (the `ws` package), so that the work of
 * receiving does not share an event loop with the senders. Driven over IPC by run.ts:
 *   connect {url, origin, cookies, concurrency} -> connected {ready, failed, ms, errors}
 *   reset -> reset            (start counting deliveries)
 *   count -> count {deliveries}
 *   report -> report {deliveries, latency summary, firstAt, lastAt}
 *   close -> closed, then exit
 * A delivery is a MESSAGE_SEND frame; its latency is now minus the send time the sender put in the
 * nonce ("bench:<epoch ms with fractions>").
 */
import WebSocket from 'ws';
import { messageText } from '../../apps/server/src/gateway/message-text';
import { preciseNow, summarize } from './stats';

type Command =
  | { type: 'connect'; url: string; origin: string; cookies: string[]; concurrency: number }
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
    const frame = JSON.parse(text) as { type: string; seq: number; data: { nonce?: string | null } };
    if (frame.type !== 'MESSAGE_SEND') return;
    lastSeq.set(ws, frame.seq);
    deliveries++;
    if (!firstAt) firstAt = now;
    lastAt = now;
    const nonce = frame.data.nonce;
    if (nonce?.startsWith('bench:')) latencies.push(now - Number(nonce.slice(6)));
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

function connectOne(url: string, origin: string, cookie: string): Promise<void> {
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
          await connectOne(cmd.url, cmd.origin, cookie);
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
      send({ type: 'reset' });
      break;
    case 'count':
      send({ type: 'count', deliveries });
      break;
    case 'report':
      send({ type: 'report', deliveries, latency: summarize(latencies), firstAt, lastAt, unexpectedCloses });
      break;
    case 'close':
      for (const t of timers) clearTimeout(t);
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
