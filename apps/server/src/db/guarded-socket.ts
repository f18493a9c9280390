import net from 'node:net';

/**
 * node-postgres's connection socket, with one difference: what its `data` listeners throw (the
 * protocol parser reading an answer it cannot make sense of, or a handler behind it) ends this
 * connection instead of the process. Without it, such an error is thrown from the socket's event
 * and nothing catches it. Here the socket is destroyed with the error: node-postgres fails the
 * query that was waiting with it, and the pool replaces the connection. `onError` logs it.
 *
 * Plain connections only (the embedded database's Unix socket, PostgreSQL without TLS): over TLS,
 * node-postgres reads from the TLS socket it wraps around this one, whose records TLS checks.
 */
export function guardedSocket(onError: (err: Error) => void): net.Socket {
  return new GuardedSocket(onError);
}

class GuardedSocket extends net.Socket {
  constructor(private readonly onError: (err: Error) => void) {
    super();
  }

  // Overrides every overload of emit with one signature; the arguments are passed on untouched.
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event !== 'data') return super.emit(event, ...args);
    try {
      return super.emit(event, ...args);
    } catch (thrown) {
      const err = thrown instanceof Error ? thrown : new Error(String(thrown));
      this.onError(err);
      this.destroy(err);
      return true;
    }
  }
}
