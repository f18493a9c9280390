/** What a region's probe found: its latency in ms, no answer, or no SFU node serving it. */
export type RegionLatency = { kind: 'measured'; ms: number } | { kind: 'unreachable' } | { kind: 'noServer' };

/** A probe request that takes longer than this counts as no answer (001 §9: a 5-second timeout). */
export const PROBE_TIMEOUT_MS = 5_000;
/** Requests timed per region (after one unmeasured request that opens the connection). */
export const PROBE_SAMPLES = 4;

export interface ProbeOptions {
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
  samples?: number;
  /** Stops the probing (the panel closed). */
  signal?: AbortSignal;
}

/** The median of the samples (the mean of the middle two for an even count), rounded to whole ms. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value);
}

/** One request's round trip in ms, or null when it failed or did not answer within the timeout. */
async function sample(url: string, options: Required<Omit<ProbeOptions, 'signal'>> & { signal?: AbortSignal }): Promise<number | null> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const started = options.now();
  try {
    // Cookies stay home (the probe needs no session; another node's origin must not get them).
    const response = await options.fetch(url, { cache: 'no-store', credentials: 'omit', signal });
    // The round trip is to the first byte of the answer; its body is not waited for.
    const elapsed = options.now() - started;
    void response.body?.cancel().catch(() => undefined);
    return response.ok ? elapsed : null;
  } catch {
    return null;
  }
}

/**
 * A region's latency as this browser sees it: `noServer` without a probe address; otherwise one
 * request to open the connection, then `samples` timed ones, each given `timeoutMs`; the median of
 * those that answered, or `unreachable` when none did (the first failure ends the probing, so a dead
 * region costs one timeout, not one per sample).
 */
export async function probeRegion(probeUrl: string | null, options: ProbeOptions = {}): Promise<RegionLatency> {
  if (probeUrl === null) return { kind: 'noServer' };
  const resolved = {
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    now: options.now ?? (() => performance.now()),
    timeoutMs: options.timeoutMs ?? PROBE_TIMEOUT_MS,
    samples: options.samples ?? PROBE_SAMPLES,
    signal: options.signal,
  };
  if ((await sample(probeUrl, resolved)) === null) return { kind: 'unreachable' };
  const times: number[] = [];
  for (let i = 0; i < resolved.samples; i++) {
    const ms = await sample(probeUrl, resolved);
    if (ms === null) break;
    times.push(ms);
  }
  const ms = median(times);
  return ms === null ? { kind: 'unreachable' } : { kind: 'measured', ms };
}
