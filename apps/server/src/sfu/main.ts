import http from 'node:http';
import { z } from 'zod';
import type { ApiToSfu, SfuToApi } from './ipc';
import { mediaNetwork, mediaSettingsSchema } from './config';
import { linkToApi, type ApiLink } from './api-link';
import { answerSfuHttp } from './probe';
import { SignalingServer } from './signaling';
import { WeriftEngine } from './werift/engine';

/**
 * An SFU process: the signalling WebSocket on SFU_HOST:SFU_PORT and werift's media, off the API's
 * event loop. The API starts one as its child (modules/voice/embedded-sfu.ts) and talks to it over
 * IPC: joins and leaves come up, kicks go down. Started on its own with SFU_API_URL and
 * SFU_NODE_ID, it is a remote node (SFU_NODES of the API) and talks to the API over a WebSocket
 * link instead (sfu/api-link.ts). README "Voice", docs/voice.md.
 */
const settings = mediaSettingsSchema
  .extend({
    SFU_SECRET: z.string().min(32),
    SFU_HOST: z.string().min(1).default('127.0.0.1'),
    SFU_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    /** A remote node: the API's node link, ws(s)://api.example.com/api/v1/voice/nodes. */
    SFU_API_URL: z
      .string()
      .regex(/^wss?:\/\/\S+$/, 'must be a ws:// or wss:// URL')
      .optional(),
    /** A remote node: its id in the API's SFU_NODES. */
    SFU_NODE_ID: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .optional(),
  })
  .refine((s) => !s.SFU_API_URL || s.SFU_NODE_ID, { message: 'SFU_NODE_ID is required with SFU_API_URL', path: ['SFU_NODE_ID'] })
  .parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));

const onApiMessage = (message: ApiToSfu) => {
  if (message.type === 'kick') engine.kick(message.roomId, message.userId, message.reason);
  if (message.type === 'stats') report({ type: 'stats', id: message.id, stats: engine.stats() });
  if (message.type === 'snapshot') report({ type: 'snapshot', participants: signaling.participants() });
};
/** A remote node's link to the API, opened once it listens. */
let link: ApiLink | null = null;
// Over IPC to the parent API while the channel is open (after it closes the process is stopping), or over a remote node's link.
const report = (message: SfuToApi) => (process.send ? process.connected && process.send(message) : link?.send(message));
const engine = new WeriftEngine(mediaNetwork(settings), { maxScreenShares: settings.VOICE_MAX_SCREENSHARES });
const signaling = new SignalingServer(
  engine,
  settings.SFU_SECRET,
  {
    joined: (grant) => report({ type: 'joined', grant }),
    changed: (grant, state) => report({ type: 'changed', grant, state }),
    left: (grant) => report({ type: 'left', grant }),
  },
  { frameRate: settings.VOICE_FRAME_RATE, userFrameRate: settings.VOICE_USER_FRAME_RATE, stateCoalesceMs: settings.VOICE_STATE_COALESCE_MS },
);
const server = http.createServer(answerSfuHttp);
server.on('upgrade', (request, socket, head) => signaling.handleUpgrade(request, socket, head));

process.on('message', onApiMessage);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  link?.close();
  await signaling.close();
  await engine.close();
  server.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The API's end of the IPC channel closing means the API is gone: so is its SFU.
process.on('disconnect', () => void stop());

server.listen(settings.SFU_PORT, settings.SFU_HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.SFU_PORT;
  report({ type: 'ready', port });
  if (!process.send && settings.SFU_API_URL && settings.SFU_NODE_ID) {
    const nodeId = settings.SFU_NODE_ID;
    link = linkToApi({
      url: settings.SFU_API_URL,
      nodeId,
      secret: settings.SFU_SECRET,
      participants: () => signaling.participants(),
      onMessage: onApiMessage,
      log: (text) => console.log(`sfu ${nodeId}: ${text}`),
    });
  }
  if (!process.send) console.log(`RALLY_SFU_LISTENING port=${port} region=${settings.SFU_REGION}`);
});
