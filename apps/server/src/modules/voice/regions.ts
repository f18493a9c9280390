import type { VoiceRegionProbe } from '@rally/shared/api/voice';
import { VOICE_REGIONS } from '@rally/shared/voice/regions';
import { voiceProbeEndpoint } from '@rally/shared/api/voice';
import type { MediaSettings } from '../../sfu/config';

/** Where the embedded SFU's latency is probed: the API's own probe endpoint (the SFU runs beside it). */
export const EMBEDDED_PROBE_PATH = voiceProbeEndpoint.paths[0];

/**
 * Which SFU node serves each voice region, as the address a browser probes its latency at (the
 * region panel of channel settings): a path on this origin, or a full URL of another node; null
 * when no node serves the region. The one place that knows it: today only the embedded SFU, which
 * serves SFU_REGION; remote nodes (SFU_NODES) join here.
 */
export function voiceRegionProbes(settings: Pick<MediaSettings, 'SFU_REGION'>): VoiceRegionProbe[] {
  return VOICE_REGIONS.map((region) => ({ region, probeUrl: region === settings.SFU_REGION ? EMBEDDED_PROBE_PATH : null }));
}
