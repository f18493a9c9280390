import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPool } from './client';

/**
 * A database answer that the driver cannot read fails the query that asked, and the pool replaces
 * the connection; the process goes on (client.ts openPool, guarded-socket.ts). The server here is a
 * minimal wire-protocol peer: its first connection answers a query with a DataRow cut short (the
 * parser reads past the end of its buffer, as it did on the corrupted answers of the embedded
 * database), every later one answers properly.
 */

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}
const int16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const authenticationOk = message('R', int32(0));
const readyForQuery = message('Z', Buffer.from('I'));
/** One text column named `n`. */
const rowDescription = message('T', Buffer.concat([int16(1), Buffer.from('n\0'), int32(0), int16(0), int32(25), int16(-1 & 0xffff), int32(-1), int16(0)]));
const goodRow = message('D', Buffer.concat([int16(1), int32(2), Buffer.from('ok')]));
/** Says it holds one column, then ends before the column's length. */
const cutRow = message('D', int16(1));
const commandComplete = message('C', Buffer.from('SELECT 1\0'));

describe('an answer the driver cannot read', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-guard-'));
  let server: net.Server;
  let connections = 0;

  beforeAll(async () => {
    server = net.createServer((socket) => {
      const bad = connections++ === 0;
      let started = false;
      socket.on('data', (data) => {
        if (!started) {
          started = true;
          socket.write(Buffer.concat([authenticationOk, readyForQuery]));
          return;
        }
        if (data[0] !== 0x51) return; // Q; Terminate and the rest need no answer
        socket.write(bad ? Buffer.concat([rowDescription, cutRow]) : Buffer.concat([rowDescription, goodRow, commandComplete, readyForQuery]));
      });
      socket.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => server.listen(path.join(dir, '.s.PGSQL.5432'), resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails its query and the pool goes on with a new connection', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const pool = await openPool({ host: dir, user: 'postgres', database: 'postgres' }, 1, 'pglite');
    try {
      await expect(pool.query('SELECT 1')).rejects.toThrow(RangeError);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('its answer could not be read'));
      const { rows } = await pool.query<{ n: string }>('SELECT 1');
      expect(rows).toEqual([{ n: 'ok' }]);
      expect(connections).toBe(2);
    } finally {
      logged.mockRestore();
      await pool.end();
    }
  });
});
