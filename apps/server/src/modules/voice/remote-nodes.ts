import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import { participantStateSchema } from '@rally/shared/voice/signaling';
import type { SfuStats } from '../../sfu/engine';
import { verifyNodeHello, type ApiToSfu, type SfuToApi } from '../../sfu/ipc';
import { voiceGrantSchema } from '../../sfu/token';
import { jsonOrNull } from '../../lib/json';
import type { NodeControl } from './nodes';
import type { SfuNodeConfig } from './settings';

/** A node that has not said a valid hello by then is dropped. */
const HELLO_TIMEOUT_MS = 10_000;
/** A node's stats answer later than this counts as none. */
const STATS_TIMEOUT_MS = 5_000;

const statsSchema = z.object({
  rooms: z.number(),
  participants: z.number(),
  forwardedAudio: z.number(),
  forwardedVideo: z.number(),
  packetsIn: z.number(),
  packetsOut: z.number(),
});

/** What a remote node may send (sfu/ipc.ts SfuToApi but `ready`), checked: a node is trusted only after its hello. */
const frameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), nodeId: z.string().max(64), t: z.number(), mac: z.string().max(128) }),
  z.object({ type: z.literal('snapshot'), participants: z.array(z.object({ grant: voiceGrantSchema, state: participantStateSchema.nullable() })) }),
  z.object({ type: z.literal('joined'), grant: voiceGrantSchema }),
  z.object({ type: z.literal('changed'), grant: voiceGrantSchema, state: participantStateSchema }),
  z.object({ type: z.literal('left'), grant: voiceGrantSchema }),
  z.object({ type: z.literal('stats'), id: z.number(), stats: statsSchema }),
]);

export interface RemoteNodeEvents {
  /** A configured node linked (signed hello): this process holds it now. */
  linked(node: SfuNodeConfig, control: NodeControl): void;
  /** Its reports, in order (snapshot first). */
  report(nodeId: string, message: Exclude<SfuToApi, { type: 'ready' | 'hello' | 'stats' }>): void;
  /** Its link dropped: it may link again, here or to another process. */
  unlinked(nodeId: string): void;
}

/**
 * The API's end of remote SFU nodes' links (docs/voice.md "Remote nodes"): a remote node
 * (sfu/main.ts with SFU_API_URL) opens a WebSocket to SFU_NODE_LINK_PATH, says a hello signed
 * with SFU_SECRET naming a node of SFU_NODES (anything else closes it with 4001), then sends its
 * reports as JSON frames; kicks and stats requests go down the same socket.
 */
export class RemoteNodeLinks {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024, perMessageDeflate: false });
  private readonly links = new Map<string, WebSocket>();

  constructor(
    private readonly nodes: SfuNodeConfig[],
    private readonly secret: string,
    private readonly events: RemoteNodeEvents,
  ) {
    this.wss.on('connection', (socket) => this.accept(socket));
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.nodes.length === 0) {
      socket.destroy();
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => this.wss.emit('connection', ws, request));
  }

  private accept(socket: WebSocket): void {
    let node: SfuNodeConfig | null = null;
    let nextStatsId = 1;
    const statsWaiters = new Map<number, (stats: SfuStats | null) => void>();
    const timer = setTimeout(() => socket.close(4001, 'node_hello_missing'), HELLO_TIMEOUT_MS);
    const send = (message: ApiToSfu) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const control: NodeControl = {
      kick: (roomId, userId, reason) => send({ type: 'kick', roomId, userId, reason }),
      resync: () => send({ type: 'snapshot' }),
      stats: () =>
        new Promise((resolve) => {
          const id = nextStatsId++;
          const done = (stats: SfuStats | null) => {
            clearTimeout(waited);
            statsWaiters.delete(id);
            resolve(stats);
          };
          const waited = setTimeout(() => done(null), STATS_TIMEOUT_MS);
          statsWaiters.set(id, done);
          send({ type: 'stats', id });
        }),
    };

    socket.on('message', (data, isBinary) => {
      // With ws's default binaryType a frame is one Buffer.
      const frame = frameSchema.safeParse(isBinary || !Buffer.isBuffer(data) ? null : jsonOrNull(data.toString('utf8')));
      if (!frame.success) {
        socket.close(4002, 'node_message_invalid');
        return;
      }
      const message = frame.data;
      if (!node) {
        const configured = message.type === 'hello' ? this.nodes.find((n) => n.id === message.nodeId) : undefined;
        if (message.type !== 'hello' || !configured || !verifyNodeHello(this.secret, message)) {
          socket.close(4001, 'node_hello_invalid');
          return;
        }
        clearTimeout(timer);
        node = configured;
        this.links.get(node.id)?.close(4000, 'node_linked_again');
        this.links.set(node.id, socket);
        this.events.linked(node, control);
        return;
      }
      if (message.type === 'hello') return;
      if (message.type === 'stats') statsWaiters.get(message.id)?.(message.stats);
      else this.events.report(node.id, message);
    });

    socket.on('close', () => {
      clearTimeout(timer);
      for (const done of [...statsWaiters.values()]) done(null);
      if (!node || this.links.get(node.id) !== socket) return;
      this.links.delete(node.id);
      this.events.unlinked(node.id);
    });
    socket.on('error', () => socket.terminate());
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
