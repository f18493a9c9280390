import { describe, expect, it } from 'vitest';
import { WireMultiplexer, type WireSocket } from './wire-multiplexer';

/** A typed protocol message: type byte, length, body. */
function message(type: string, body = ''): Buffer {
  const payload = Buffer.from(body, 'utf8');
  const out = Buffer.alloc(5 + payload.length);
  out.write(type, 0, 'latin1');
  out.writeInt32BE(4 + payload.length, 1);
  payload.copy(out, 5);
  return out;
}

function startup(): Buffer {
  const params = Buffer.from('user\0postgres\0\0', 'utf8');
  const out = Buffer.alloc(8 + params.length);
  out.writeInt32BE(8 + params.length, 0);
  out.writeInt32BE(196608, 4);
  params.copy(out, 8);
  return out;
}

/** ReadyForQuery with a transaction status: I idle, T in a transaction, E failed transaction. */
const ready = (status: 'I' | 'T' | 'E') => Buffer.concat([Buffer.from('Z'), Buffer.from([0, 0, 0, 5]), Buffer.from(status)]);

/**
 * A fake PGlite: records each batch it runs (as the message types in it) and answers with
 * ReadyForQuery, in a transaction after BEGIN until COMMIT or ROLLBACK. It answers only when told
 * (`release`), so a test can see what waits.
 */
function fakeDatabase() {
  const ran: string[] = [];
  let inTransaction = false;
  const waiting: (() => void)[] = [];
  const execute = async (batch: Uint8Array, onData: (data: Uint8Array) => void) => {
    const text = Buffer.from(batch).toString('latin1');
    await new Promise<void>((resolve) => waiting.push(resolve));
    if (text.includes('BEGIN')) inTransaction = true;
    if (text.includes('COMMIT') || text.includes('ROLLBACK')) inTransaction = false;
    ran.push(text.replace(/[^\x20-\x7e]/g, '.'));
    onData(ready(inTransaction ? 'T' : 'I'));
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  /** Let every waiting batch (and those they let in) finish. */
  const releaseAll = async () => {
    for (let i = 0; i < 50; i++) {
      await settle();
      const next = waiting.shift();
      if (!next) return;
      next();
    }
  };
  return { ran, execute, releaseAll, waitingCount: () => waiting.length, settle };
}

function socket(): WireSocket & { written: Buffer[]; destroyed: boolean } {
  return {
    written: [],
    destroyed: false,
    write(data) {
      this.written.push(Buffer.from(data));
    },
    destroy() {
      this.destroyed = true;
    },
  };
}

describe('WireMultiplexer', () => {
  it('runs a batch once its Sync arrives, even when the bytes come split anywhere', async () => {
    const db = fakeDatabase();
    const mux = new WireMultiplexer(db.execute);
    const s = socket();
    const conn = mux.open(s);
    const bytes = Buffer.concat([startup(), message('P', 'select 1\0'), message('B'), message('E'), message('S')]);
    for (let i = 0; i < bytes.length; i += 3) conn.data(bytes.subarray(i, i + 3));
    await db.releaseAll();
    expect(db.ran).toHaveLength(2); // the startup, then Parse+Bind+Execute+Sync as one batch
    expect(db.ran[1]).toMatch(/^P[^B]*select 1/);
    expect(db.ran[1]!.slice(-5, -4)).toBe('S');
    expect(s.written.map((b) => b.toString('latin1'))).toEqual(['Z\0\0\0\x05I', 'Z\0\0\0\x05I']);
  });

  it("never interleaves another connection's batch into an open transaction", async () => {
    const db = fakeDatabase();
    const mux = new WireMultiplexer(db.execute);
    const a = mux.open(socket());
    const b = mux.open(socket());
    a.data(Buffer.concat([startup(), message('Q', 'BEGIN\0')]));
    b.data(startup());
    await db.releaseAll();
    b.data(message('Q', 'select from b\0'));
    a.data(message('Q', 'update by a\0'));
    await db.releaseAll();
    a.data(message('Q', 'COMMIT\0'));
    await db.releaseAll();
    const order = db.ran.map((r) => r.match(/BEGIN|update by a|COMMIT|select from b/)?.[0]).filter(Boolean);
    expect(order).toEqual(['BEGIN', 'update by a', 'COMMIT', 'select from b']);
  });

  it('rolls back the transaction of a connection that goes away, then lets the others run', async () => {
    const db = fakeDatabase();
    const mux = new WireMultiplexer(db.execute);
    const a = mux.open(socket());
    const b = mux.open(socket());
    a.data(Buffer.concat([startup(), message('Q', 'BEGIN\0')]));
    await db.releaseAll();
    b.data(Buffer.concat([startup(), message('Q', 'select from b\0')]));
    await db.releaseAll();
    expect(db.ran.some((r) => r.includes('select from b'))).toBe(false);
    a.close();
    await db.releaseAll();
    expect(db.ran.slice(-3).map((r) => r.match(/ROLLBACK|select from b|user/)?.[0])).toEqual(['ROLLBACK', 'user', 'select from b']);
    expect(mux.size).toBe(1);
  });

  it('answers an SSL request with N and closes a connection that sends Terminate or garbage', async () => {
    const db = fakeDatabase();
    const mux = new WireMultiplexer(db.execute);
    const s = socket();
    const conn = mux.open(s);
    const ssl = Buffer.alloc(8);
    ssl.writeInt32BE(8, 0);
    ssl.writeInt32BE(80877103, 4);
    conn.data(ssl);
    expect(s.written.map((b) => b.toString())).toEqual(['N']);
    conn.data(Buffer.concat([startup(), message('X')]));
    await db.releaseAll();
    expect(s.destroyed).toBe(true);
    expect(mux.size).toBe(0);
    const bad = socket();
    mux.open(bad).data(Buffer.from([0, 0, 0, 1, 0, 0, 0, 0]));
    expect(bad.destroyed).toBe(true);
  });
});
