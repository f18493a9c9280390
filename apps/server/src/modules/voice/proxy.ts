import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

/** Where browsers open the voice signalling socket: the API passes it to the SFU. */
export const VOICE_SIGNALING_PATH = '/api/v1/voice/sfu';

/** The query parameter of VOICE_SIGNALING_PATH naming the embedded node (of this API process or another) to reach. */
export const VOICE_NODE_PARAM = 'node';

/** The signalling path of an embedded node, as join() hands it to browsers. */
export const signalingPathOf = (nodeId: string) => `${VOICE_SIGNALING_PATH}?${VOICE_NODE_PARAM}=${encodeURIComponent(nodeId)}`;

/** The node an upgrade of VOICE_SIGNALING_PATH asks for; null when it names none (then: this process's own). */
export function requestedNode(url: string | undefined): string | null {
  return new URL(url ?? '/', 'http://localhost').searchParams.get(VOICE_NODE_PARAM);
}

/**
 * Pass a WebSocket upgrade through to an embedded SFU's signalling port (this process's, on
 * loopback, or another API process's at its SFU_INTERNAL_HOST), bytes both ways: the request line
 * and headers as received, then whatever follows. The SFU checks the voice token itself.
 */
export function proxyUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, target: { host: string; port: number }): void {
  const upstream = net.connect(target.port, target.host);
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
