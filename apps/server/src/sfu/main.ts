import http from 'node:http';
import { z } from 'zod';
import type { ApiToSfu, SfuToApi } from './ipc';
import { mediaNetwork, mediaSettingsSchema } from './config';
import { SignalingServer } from './signaling';
import { WeriftEngine } from './werift/engine';

/**
 * An SFU process: the signalling WebSocket on SFU_HOST:SFU_PORT and werift's media, off the API's
 * event loop. The API starts one as its child (sfu/embedded.ts) and talks to it over IPC: joins
 * and leaves come up, kicks go down. README "Voice".
 */
const settings = mediaSettingsSchema
  .extend({
    SFU_SECRET: z.string().min(32),
    SFU_HOST: z.string().min(1).default('127.0.0.1'),
    SFU_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  })
  .parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));

const report = (message: SfuToApi) => process.send?.(message);
const engine = new WeriftEngine(mediaNetwork(settings), { maxScreenShares: settings.VOICE_MAX_SCREENSHARES });
const signaling = new SignalingServer(engine, settings.SFU_SECRET, {
  joined: (grant) => report({ type: 'joined', grant }),
  changed: (grant, state) => report({ type: 'changed', grant, state }),
  left: (grant) => report({ type: 'left', grant }),
});
const server = http.createServer((_request, response) => {
  response.writeHead(404).end();
});
server.on('upgrade', (request, socket, head) => signaling.handleUpgrade(request, socket, head));

process.on('message', (message: ApiToSfu) => {
  if (message.type === 'kick') engine.kick(message.roomId, message.userId, message.reason);
  if (message.type === 'stats') report({ type: 'stats', id: message.id, stats: engine.stats() });
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
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
  if (!process.send) console.log(`RALLY_SFU_LISTENING port=${port} region=${settings.SFU_REGION}`);
});
