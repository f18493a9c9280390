import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerSfuHttp } from './probe';

/** A remote node's HTTP answers (sfu/main.ts serves them beside its signalling upgrades). */
describe('SFU node probe', () => {
  const server = http.createServer(answerSfuHttp);
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers the latency probe to any origin, uncached, under the signalling path too', async () => {
    for (const path of ['/probe', '/sfu/probe']) {
      const res = await fetch(`${base}${path}`, { headers: { origin: 'https://rally.example.com' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ success: true });
    }
  });

  it('answers nothing else', async () => {
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/probe`, { method: 'POST' })).status).toBe(404);
  });
});
