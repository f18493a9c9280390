import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteWorker } from './client';

/**
 * The embedded database's thread answers over its Unix socket exactly what PGlite answers in
 * process, however large: the answers of big rows and results are compared byte for byte. (PGlite
 * hands each chunk of an answer as a view of its WebAssembly memory, which it overwrites with the
 * next; a socket that kept the view sent corrupted answers, and node-postgres crashed on them.)
 */

/** A simple Query message. */
function query(text: string): Buffer {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const out = Buffer.alloc(5 + body.length);
  out.write('Q', 0, 'latin1');
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

function startup(): Buffer {
  const params = Buffer.from('user\0postgres\0database\0postgres\0\0', 'utf8');
  const out = Buffer.alloc(8 + params.length);
  out.writeInt32BE(8 + params.length, 0);
  out.writeInt32BE(196608, 4);
  params.copy(out, 8);
  return out;
}

/** A raw wire-protocol client: sends a message and collects the answer up to its ReadyForQuery. */
class RawClient {
  private received = Buffer.alloc(0);
  private waiter: (() => void) | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiter?.();
    });
  }

  static async connect(socketPath: string): Promise<RawClient> {
    const socket = net.connect(socketPath);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const client = new RawClient(socket);
    await client.exchange(startup());
    return client;
  }

  /** Send `message` and return every byte of the answer through its ReadyForQuery. */
  async exchange(message: Buffer): Promise<Buffer> {
    this.received = Buffer.alloc(0);
    this.socket.write(message);
    for (;;) {
      const end = readyForQueryEnd(this.received);
      if (end !== null) return this.received.subarray(0, end);
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Where the first ReadyForQuery message ends, walking the answer message by message; null while incomplete. */
function readyForQueryEnd(bytes: Buffer): number | null {
  let at = 0;
  while (at + 5 <= bytes.length) {
    const end = at + 1 + bytes.readInt32BE(at + 1);
    if (end > bytes.length) return null;
    if (bytes[at] === 0x5a) return end;
    at = end;
  }
  return null;
}

describe('the embedded database thread', () => {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-pglite-test-'));
  let stopWorker: () => Promise<void>;
  let raw: RawClient;
  let inProcess: PGlite;

  beforeAll(async () => {
    const worker = await startPgliteWorker({ dataDir: 'memory://', socketPath: path.join(socketDir, '.s.PGSQL.5432') });
    stopWorker = async () => {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage({ type: 'close' });
      await exited;
    };
    raw = await RawClient.connect(path.join(socketDir, '.s.PGSQL.5432'));
    inProcess = new PGlite();
    await inProcess.waitReady;
    // The same start on both sides (a first statement after the startup also reports parameters).
    await inProcess.execProtocolRaw(startup());
    for (const text of ['SET application_name = test', 'SELECT 1']) {
      await inProcess.execProtocolRaw(query(text));
      await raw.exchange(query(text));
    }
  });

  afterAll(async () => {
    raw?.close();
    await stopWorker?.();
    await inProcess?.close();
    fs.rmSync(socketDir, { recursive: true, force: true });
  });

  const same = async (text: string) => {
    const expected = Buffer.from(await inProcess.execProtocolRaw(query(text)));
    const got = await raw.exchange(query(text));
    // Lengths first, then a boolean: a failure does not print megabytes.
    expect(got.length).toBe(expected.length);
    expect(got.equals(expected)).toBe(true);
    return got.length;
  };

  it('sends single rows of a megabyte and more unchanged', async () => {
    const bytes = await same(`SELECT i, repeat(md5(i::text), 32768 * i) AS big FROM generate_series(1, 3) AS i`);
    expect(bytes).toBeGreaterThan(6 * 1024 * 1024);
  });

  it('sends 100,000 rows unchanged', async () => {
    const bytes = await same(`SELECT i, md5(i::text) AS hash, repeat('x', i % 97) AS pad FROM generate_series(1, 100000) AS i`);
    expect(bytes).toBeGreaterThan(5 * 1024 * 1024);
  });

  it('sends a large answer unchanged several times in a row', async () => {
    for (let round = 0; round < 3; round++) await same(`SELECT i, repeat(chr(65 + i % 26), 1000 + i) FROM generate_series(1, 2000) AS i`);
  });
});
