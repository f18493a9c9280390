import type { FastifyInstance } from 'fastify';
import {
  disconnectVoiceEndpoint,
  joinVoiceEndpoint,
  moveVoiceEndpoint,
  setVoiceRegionEndpoint,
  voiceProbeEndpoint,
  voiceRegionsEndpoint,
  voiceStatesEndpoint,
} from '@rally/shared/api/voice';
import type { VoiceRegion } from '@rally/shared/voice/regions';
import { addEndpoint } from '../../http/endpoint';
import { SFU_NODE_LINK_PATH } from '../../sfu/ipc';
import { moveVoice } from './move';
import { proxyUpgrade, requestedNode, VOICE_SIGNALING_PATH } from './proxy';
import { voiceRegionProbes } from './regions';
import { disconnectVoice, joinVoice, setVoiceRegion, voiceStatesOf } from './service';

/** Voice channels (docs/voice.md): joining, who is in them, moving and disconnecting, the region, the regions' latency probes; the SFU's signalling path and remote nodes' links. */
export async function voiceRoutes(app: FastifyInstance): Promise<void> {
  const { voice } = app;

  addEndpoint(app, joinVoiceEndpoint, async ({ access, channel, user, query }) => ({
    success: true as const,
    ...(await joinVoice(voice, { access, channel }, user, query.token)),
  }));

  addEndpoint(app, voiceStatesEndpoint, async ({ access }) => ({ success: true as const, channels: await voiceStatesOf(voice, access) }));

  addEndpoint(app, disconnectVoiceEndpoint, async ({ deps, access, channel, params }) => {
    await disconnectVoice(deps, voice, { access, channel }, params.userId);
    return { success: true as const };
  });

  addEndpoint(app, moveVoiceEndpoint, async ({ deps, access, params, body }) => {
    await moveVoice(deps, voice, access, params.channelId, body);
    return { success: true as const };
  });

  addEndpoint(app, setVoiceRegionEndpoint, async ({ deps, access, channel, body }) => {
    const row = await setVoiceRegion(deps, { access, channel }, body.region);
    return { success: true as const, region: row.region as VoiceRegion };
  });

  addEndpoint(app, voiceRegionsEndpoint, () => ({ success: true as const, regions: voiceRegionProbes(voice.settings) }));

  // A latency probe: nothing read, nothing cached (each sample must reach the server).
  addEndpoint(app, voiceProbeEndpoint, ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const };
  });

  // The signalling socket of an embedded node (?node=<id>): this process's child, or passed to the
  // process whose child it is; a node that is gone refuses it.
  app.upgrades.add(VOICE_SIGNALING_PATH, (request, socket, head) => {
    voice.signalingTarget(requestedNode(request.url)).then(
      (target) => (target ? proxyUpgrade(request, socket, head, target) : socket.destroy()),
      () => socket.destroy(),
    );
  });
  // Remote SFU nodes link here (SFU_NODES; docs/voice.md "Remote nodes").
  app.upgrades.add(SFU_NODE_LINK_PATH, (request, socket, head) => voice.remote.handleUpgrade(request, socket, head));
}
