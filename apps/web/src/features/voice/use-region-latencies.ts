import { useEffect, useState } from 'react';
import type { VoiceRegionProbe } from '@rally/shared/api/voice';
import type { VoiceRegion } from '@rally/shared/voice/regions';
import { probeRegion, type RegionLatency } from './region-probe';

/** Each region's latency from this browser; absent while it is being measured. */
export type RegionLatencies = Partial<Record<VoiceRegion, RegionLatency>>;

/**
 * Probe every region's SFU node from this browser (region-probe.ts), all at once; regions served by
 * the same node are probed once. A new `round` measures again (the previous figures are dropped);
 * leaving stops the probes.
 */
export function useRegionLatencies(regions: readonly VoiceRegionProbe[] | undefined, round: number): RegionLatencies {
  const [measured, setMeasured] = useState<{ round: number; values: RegionLatencies }>({ round, values: {} });
  useEffect(() => {
    if (!regions) return;
    const stop = new AbortController();
    const byUrl = new Map<string, VoiceRegion[]>();
    for (const { region, probeUrl } of regions) if (probeUrl !== null) byUrl.set(probeUrl, [...(byUrl.get(probeUrl) ?? []), region]);
    for (const [url, served] of byUrl) {
      void probeRegion(url, { signal: stop.signal }).then((latency) => {
        if (stop.signal.aborted) return;
        const found = Object.fromEntries(served.map((region) => [region, latency]));
        setMeasured((current) => ({ round, values: { ...(current.round === round ? current.values : {}), ...found } }));
      });
    }
    return () => stop.abort();
  }, [regions, round]);
  const values = measured.round === round ? measured.values : {};
  const latencies: RegionLatencies = {};
  for (const { region, probeUrl } of regions ?? []) if (probeUrl === null) latencies[region] = { kind: 'noServer' };
  return { ...latencies, ...values };
}
