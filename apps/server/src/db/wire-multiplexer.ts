/**
 * Several PostgreSQL wire-protocol connections onto one PGlite (which is one backend, one session):
 * each connection's bytes are cut into protocol messages and grouped into batches that end where
 * the client waits for an answer (Sync, a simple Query, or the startup message), and the batches of
 * all connections run one at a time. A batch runs whole, so one client's Parse/Bind/Execute never
 * interleaves with another's (they would share the unnamed statement). While a connection holds a
 * transaction open (its last answer's ReadyForQuery said `T` or `E`), only its batches run, as a
 * PostgreSQL server would hold the others' rows locked; a connection that goes away inside its
 * transaction has it rolled back. Used by pglite-worker.ts (docs/performance.md, "PGlite off the
 * event loop").
 */

/** What runs a batch: PGlite's raw protocol entry, streaming its answer. */
export type ExecuteRaw = (message: Uint8Array, onData: (data: Uint8Array) => void) => Promise<void>;

/** A connection's transport (a net.Socket in the worker). */
export interface WireSocket {
  write(data: Uint8Array): void;
  destroy(): void;
}

const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
/** Message types after which the client waits for ReadyForQuery. */
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'

/** A simple Query message for `text`. */
function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const out = Buffer.alloc(5 + body.length);
  out[0] = QUERY;
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

class Connection {
  private buffer = Buffer.alloc(0);
  private started = false;
  /** Messages of the batch being received (not yet ended by a Sync or Query). */
  private partial: Buffer[] = [];
  /** Complete batches waiting to run, oldest first. */
  readonly batches: Buffer[] = [];
  closed = false;

  constructor(
    readonly id: number,
    readonly socket: WireSocket,
  ) {}

  /** Take in bytes; returns false when the client ended the connection (Terminate) or sent nonsense. */
  receive(data: Uint8Array): boolean {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : Buffer.from(data);
    while (this.buffer.length >= 5) {
      if (!this.started) {
        if (this.buffer.length < 8) return true;
        const length = this.buffer.readInt32BE(0);
        const code = this.buffer.readInt32BE(4);
        if (length < 8 || length > 10_000) return false;
        if (this.buffer.length < length) return true;
        const message = this.buffer.subarray(0, length);
        this.buffer = this.buffer.subarray(length);
        if (code === SSL_REQUEST) this.socket.write(Buffer.from('N'));
        else if (code === CANCEL_REQUEST) return false;
        else if (code === PROTOCOL_3) {
          this.started = true;
          this.batches.push(Buffer.from(message));
        } else return false;
        continue;
      }
      const type = this.buffer[0]!; // length checked by the loop
      const length = 1 + this.buffer.readInt32BE(1);
      if (length < 5) return false;
      if (this.buffer.length < length) return true;
      const message = this.buffer.subarray(0, length);
      this.buffer = this.buffer.subarray(length);
      if (type === TERMINATE) return false;
      this.partial.push(Buffer.from(message));
      if (type === SYNC || type === QUERY) {
        this.batches.push(Buffer.concat(this.partial));
        this.partial = [];
      }
    }
    return true;
  }
}

export class WireMultiplexer {
  private readonly connections = new Map<number, Connection>();
  /** Connections with batches waiting, in arrival order. */
  private readonly ready: Connection[] = [];
  /** The connection whose transaction is open, or null. */
  private owner: Connection | null = null;
  private running = false;
  private nextId = 1;

  constructor(private readonly execute: ExecuteRaw) {}

  /** A new client connection; returns its handlers for the transport's data and close. */
  open(socket: WireSocket): { data: (bytes: Uint8Array) => void; close: () => void } {
    const connection = new Connection(this.nextId++, socket);
    this.connections.set(connection.id, connection);
    return {
      data: (bytes) => {
        if (connection.closed) return;
        const before = connection.batches.length;
        if (!connection.receive(bytes)) {
          this.close(connection);
          socket.destroy();
          return;
        }
        if (connection.batches.length > before && !this.ready.includes(connection)) this.ready.push(connection);
        void this.drain();
      },
      close: () => this.close(connection),
    };
  }

  /** Connections open now (for tests and stats). */
  get size(): number {
    return this.connections.size;
  }

  private close(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    connection.batches.length = 0;
    this.connections.delete(connection.id);
    const at = this.ready.indexOf(connection);
    if (at >= 0) this.ready.splice(at, 1);
    if (this.owner === connection) void this.drain(); // rolls the transaction back first
  }

  /** Run waiting batches one at a time until none may run. */
  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        if (this.owner?.closed) {
          await this.execute(simpleQuery('ROLLBACK'), () => {});
          this.owner = null;
        }
        const connection = this.next();
        if (!connection) return;
        const batch = connection.batches.shift()!; // next() returns only connections with batches
        if (!connection.batches.length) this.ready.splice(this.ready.indexOf(connection), 1);
        let tail = Buffer.alloc(0);
        try {
          await this.execute(batch, (data) => {
            // `data` is a view of PGlite's WebAssembly memory, which its next output overwrites (and
            // which a grown heap detaches): the socket may still hold what it was given when the
            // write returns, so it is given a copy.
            if (!connection.closed) connection.socket.write(Buffer.from(data));
            tail = Buffer.concat([tail, Buffer.from(data.subarray(Math.max(0, data.length - 6)))]).subarray(-6);
          });
        } catch {
          this.close(connection);
          connection.socket.destroy();
          continue;
        }
        const inTransaction = tail.length === 6 && tail[0] === READY_FOR_QUERY && tail[5] !== IDLE;
        this.owner = inTransaction ? connection : null;
      }
    } finally {
      this.running = false;
    }
  }

  /** The connection whose batch runs next: the transaction's owner only, while one is open. */
  private next(): Connection | undefined {
    if (this.owner) return this.owner.batches.length ? this.owner : undefined;
    return this.ready[0];
  }
}
