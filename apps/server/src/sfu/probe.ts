import type { IncomingMessage, ServerResponse } from 'node:http';

/** The path (under the node's signalling URL) browsers measure a remote node's latency at. */
export const SFU_PROBE_PATH = '/probe';

/**
 * A remote SFU node's plain HTTP answers: its latency probe (any origin may read it: the web
 * client measures every region's node from the browser; nothing is read or cached), else 404.
 */
export function answerSfuHttp(request: IncomingMessage, response: ServerResponse): void {
  const path = new URL(request.url ?? '/', 'http://node').pathname;
  if (request.method === 'GET' && path.endsWith(SFU_PROBE_PATH)) {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', 'access-control-allow-origin': '*' }).end('{"success":true}');
    return;
  }
  response.writeHead(404).end();
}
