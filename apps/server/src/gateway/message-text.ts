import type WebSocket from 'ws';

/**
 * The text of a WebSocket message as `ws` hands it over. With its default binaryType
 * ('nodebuffer') that is one Buffer; the other shapes of its RawData type (a list of fragments, an
 * ArrayBuffer) are decoded as well, never stringified as "[object ArrayBuffer]".
 */
export function messageText(raw: WebSocket.RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  return (Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw)).toString('utf8');
}
