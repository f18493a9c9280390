import WebSocket from 'ws';
import { messageText } from '../gateway/message-text';
import { signNodeHello, type ApiToSfu, type NodeParticipant, type SfuToApi } from './ipc';

/** After a dropped link, the node tries again this much later. */
const RELINK_DELAY_MS = 1_000;

export interface ApiLink {
  /** Send a report; dropped while the link is down (the snapshot of the next link covers it). */
  send(message: SfuToApi): void;
  close(): void;
}

/**
 * A remote node's link to the API (docs/voice.md "Remote nodes"): a WebSocket to the API's
 * SFU_NODE_LINK_PATH (behind its load balancer, so any API process), opened again whenever it
 * drops. Each link starts with a hello signed with SFU_SECRET and a snapshot of who is in the rooms;
 * then reports go up and kicks and stats requests come down, as JSON frames of sfu/ipc.ts.
 */
export function linkToApi(options: {
  url: string;
  nodeId: string;
  secret: string;
  participants: () => NodeParticipant[];
  onMessage: (message: ApiToSfu) => void;
  log: (text: string) => void;
}): ApiLink {
  let socket: WebSocket | null = null;
  let closed = false;

  const open = () => {
    const ws = new WebSocket(options.url, { perMessageDeflate: false });
    socket = ws;
    ws.on('open', () => {
      ws.send(JSON.stringify(signNodeHello(options.secret, options.nodeId)));
      ws.send(JSON.stringify({ type: 'snapshot', participants: options.participants() } satisfies SfuToApi));
      options.log(`linked to the API at ${options.url}`);
    });
    ws.on('message', (data) => {
      try {
        options.onMessage(JSON.parse(messageText(data)) as ApiToSfu);
      } catch {
        options.log('the API sent a frame that is not JSON');
      }
    });
    ws.on('error', () => {});
    ws.on('close', (code) => {
      if (socket === ws) socket = null;
      if (closed) return;
      options.log(`link to the API closed (${code}); linking again`);
      setTimeout(() => {
        if (!closed) open();
      }, RELINK_DELAY_MS).unref();
    });
  };
  open();

  return {
    send(message) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    close() {
      closed = true;
      socket?.close();
    },
  };
}
