import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

/** Where browsers open the voice signalling socket: the API passes it to the SFU. */
export const VOICE_SIGNALING_PATH = '/api/v1/voice/sfu';

/**
 * Pass a WebSocket upgrade through to the SFU's signalling port on loopback, bytes both ways: the
 * request line and headers as received, then whatever follows. The SFU checks the voice token itself.
 */
export function proxyUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, port: number): void {
  const upstream = net.connect(port, '127.0.0.1');
  const drop = () => {
    socket.destroy();
    upstream.destroy();
  };
  upstream.on('error', drop);
  socket.on('error', drop);
  upstream.on('close', drop);
  socket.on('close', drop);
  upstream.on('connect', () => {
    const lines = [`${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/1.1`];
    for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    socket.pipe(upstream).pipe(socket);
  });
}
