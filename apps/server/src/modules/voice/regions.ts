import type { VoiceRegionProbe } from '@rally/shared/api/voice';
import { VOICE_REGIONS } from '@rally/shared/voice/regions';
import { voiceProbeEndpoint } from '@rally/shared/api/voice';
import type { MediaSettings } from '../../sfu/config';
import { SFU_PROBE_PATH } from '../../sfu/probe';
import type { SfuNodeConfig, VoiceNodeSettings } from './settings';

/** Where the embedded SFU's latency is probed: the API's own probe endpoint (the SFU runs beside it). */
export const EMBEDDED_PROBE_PATH = voiceProbeEndpoint.paths[0];

/** A remote node's probe: its signalling URL's host over http(s), at …/probe (sfu/probe.ts answers it). */
export function remoteProbeUrl(node: Pick<SfuNodeConfig, 'url'>): string {
  const url = new URL(node.url);
  url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
  url.pathname = `${url.pathname.replace(/\/$/, '')}${SFU_PROBE_PATH}`;
  url.search = '';
  return url.toString();
}

/**
 * Which SFU node serves each voice region, as the address a browser probes its latency at (the
 * region panel of channel settings): a remote node of SFU_NODES listed for the region (joins go
 * there first; its own /probe), else the embedded SFU for SFU_REGION (the API's probe endpoint);
 * null when no node serves the region (its channels fall back to the embedded SFU).
 */
export function voiceRegionProbes(settings: Pick<MediaSettings, 'SFU_REGION'> & Pick<VoiceNodeSettings, 'SFU_NODES'>): VoiceRegionProbe[] {
  return VOICE_REGIONS.map((region) => {
    const remote = settings.SFU_NODES.find((node) => node.region === region);
    if (remote) return { region, probeUrl: remoteProbeUrl(remote) };
    return { region, probeUrl: region === settings.SFU_REGION ? EMBEDDED_PROBE_PATH : null };
  });
}

/** The origins the web client reaches remote nodes at (signalling wss:, probe https:), for its Content-Security-Policy. */
export function remoteNodeOrigins(nodes: readonly Pick<SfuNodeConfig, 'url'>[]): string[] {
  return [...new Set(nodes.flatMap((node) => [new URL(node.url).origin, new URL(remoteProbeUrl(node)).origin]))];
}
