/**
 * The embedded database's thread (started by client.ts): PGlite runs here, off the server's event
 * loop, and answers the PostgreSQL wire protocol on a Unix socket that only this process's user can
 * reach (a 0700 directory), so that the server talks to it with node-postgres exactly as it talks to
 * PostgreSQL. Connections are multiplexed onto the one PGlite session by wire-multiplexer.ts.
 *
 * Messages from the parent: `{ type: 'close' }` (stop listening, close PGlite, which writes its
 * data to disk, then exit). To the parent: `{ type: 'ready' }` once listening, `{ type: 'failed',
 * message }` when PGlite or the socket could not start.
 */
import net from 'node:net';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { WireMultiplexer } from './wire-multiplexer';

export interface PgliteWorkerData {
  /** PGlite's data directory, or memory:// for an in-memory database. */
  dataDir: string;
  /** The Unix socket to listen on. */
  socketPath: string;
}

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const { dataDir, socketPath } = workerData as PgliteWorkerData;

async function start(): Promise<{ db: PGlite; server: net.Server }> {
  const db = dataDir.startsWith('memory://') ? new PGlite() : new PGlite(path.resolve(dataDir));
  await db.waitReady;
  const multiplexer = new WireMultiplexer((message, onData) => db.execProtocolRawStream(message, { onRawData: onData }));
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    const connection = multiplexer.open(socket);
    socket.on('data', connection.data);
    socket.on('close', connection.close);
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return { db, server };
}

start().then(
  ({ db, server }) => {
    port.on('message', (message: { type: string }) => {
      if (message.type !== 'close') return;
      server.close();
      void db.close().finally(() => process.exit(0));
    });
    port.postMessage({ type: 'ready' });
  },
  (err: unknown) => port.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) }),
);
