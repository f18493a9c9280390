import { describe, expect, it } from 'vitest';
import { median, probeRegion } from './region-probe';

/** A fetch whose answers take the given times on a fake clock (null: the request fails), recording what it was asked. */
function fakeNetwork(durations: (number | null)[]) {
  let clock = 0;
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    requests.push({ url, init });
    const duration = durations[requests.length - 1];
    if (duration === null || duration === undefined) throw new TypeError('Failed to fetch');
    clock += duration;
    return new Response(JSON.stringify({ success: true }), { status: 200 });
  }) as typeof globalThis.fetch;
  return { fetch, now: () => clock, requests };
}

describe('median', () => {
  it('is the middle value, the mean of the middle two for an even count, rounded; null for none', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 20, 31])).toBe(26);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
  });
});

describe('probeRegion', () => {
  it('says noServer without a probe address, asking nothing', async () => {
    const net = fakeNetwork([]);
    expect(await probeRegion(null, net)).toEqual({ kind: 'noServer' });
    expect(net.requests).toHaveLength(0);
  });

  it('opens the connection with one request, then times the samples and gives their median', async () => {
    // The first request (connection set-up) is slow and is not counted.
    const net = fakeNetwork([900, 40, 35, 300, 45]);
    expect(await probeRegion('/api/v1/voice/probe', { ...net, samples: 4 })).toEqual({ kind: 'measured', ms: 43 });
    expect(net.requests).toHaveLength(5);
    expect(net.requests[0]?.url).toBe('/api/v1/voice/probe');
    expect(net.requests[0]?.init).toMatchObject({ cache: 'no-store', credentials: 'omit' });
  });

  it('is unreachable when nothing answers, and stops at the first failure', async () => {
    const dead = fakeNetwork([null, 10, 10]);
    expect(await probeRegion('https://sfu.example/probe', { ...dead, samples: 2 })).toEqual({ kind: 'unreachable' });
    expect(dead.requests).toHaveLength(1);

    const flaky = fakeNetwork([5, 12, null, 10]);
    expect(await probeRegion('https://sfu.example/probe', { ...flaky, samples: 3 })).toEqual({ kind: 'measured', ms: 12 });
    expect(flaky.requests).toHaveLength(3);
  });

  it('counts an error answer as no answer', async () => {
    const fetch = (async () => new Response('', { status: 503 })) as typeof globalThis.fetch;
    expect(await probeRegion('/api/v1/voice/probe', { fetch })).toEqual({ kind: 'unreachable' });
  });

  it('gives up on a request that does not answer within the timeout', async () => {
    const hanging = ((_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      })) as typeof globalThis.fetch;
    expect(await probeRegion('https://sfu.example/probe', { fetch: hanging, timeoutMs: 20 })).toEqual({ kind: 'unreachable' });
  });
});
