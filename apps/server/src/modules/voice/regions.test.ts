import { describe, expect, it } from 'vitest';
import { VOICE_REGIONS } from '@rally/shared/voice/regions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeUser } from '../../../test/helpers/factories';

/** The voice regions' latency probes (the region panel of channel settings). */
describe('voice regions and the latency probe', () => {
  const ctx = withTestApp();

  it('lists every region; only the embedded SFU’s (us-east-1 by default) has a probe, which answers', async () => {
    const user = await makeUser(ctx.app, 'prober');
    const res = await call(ctx.app, 'GET', '/api/v1/voice/regions', { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const { regions } = res.json<{ regions: { region: string; probeUrl: string | null }[] }>();
    expect(regions.map((r) => r.region)).toEqual([...VOICE_REGIONS]);
    expect(regions.filter((r) => r.probeUrl !== null)).toEqual([{ region: 'us-east-1', probeUrl: '/api/v1/voice/probe' }]);

    const probe = await ctx.app.inject({ method: 'GET', url: '/api/v1/voice/probe' });
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['cache-control']).toBe('no-store');
    expect(probe.json()).toEqual({ success: true });
  });

  it('is for signed-in users (the probe itself is not)', async () => {
    const res = await call(ctx.app, 'GET', '/api/v1/voice/regions');
    expect(res.statusCode).toBe(401);
  });

  describe('with remote nodes (SFU_NODES)', () => {
    const nodes = [
      { id: 'fra', region: 'eu-central-1', url: 'wss://sfu-fra.example.com' },
      { id: 'tyo', region: 'ap-northeast-1', url: 'ws://10.0.0.7:4100/sfu/' },
    ];
    const remote = withTestApp({ SFU_NODES: JSON.stringify(nodes), SFU_SECRET: 'r'.repeat(40) });

    it('probes each node at its own /probe, and lets the web client reach it (CSP connect-src)', async () => {
      const user = await makeUser(remote.app, 'prober');
      const res = await call(remote.app, 'GET', '/api/v1/voice/regions', { cookie: user.cookie });
      const { regions } = res.json<{ regions: { region: string; probeUrl: string | null }[] }>();
      expect(regions.filter((r) => r.probeUrl !== null)).toEqual([
        { region: 'us-east-1', probeUrl: '/api/v1/voice/probe' },
        { region: 'eu-central-1', probeUrl: 'https://sfu-fra.example.com/probe' },
        { region: 'ap-northeast-1', probeUrl: 'http://10.0.0.7:4100/sfu/probe' },
      ]);
      const csp = String(res.headers['content-security-policy']);
      const connect = csp.split(';').find((d) => d.trim().startsWith('connect-src'));
      expect(connect?.trim().split(/\s+/).slice(1)).toEqual([
        "'self'",
        'wss://sfu-fra.example.com',
        'https://sfu-fra.example.com',
        'ws://10.0.0.7:4100',
        'http://10.0.0.7:4100',
      ]);
    });
  });

  describe('with SFU_REGION set', () => {
    const frankfurt = withTestApp({ SFU_REGION: 'eu-central-1' });

    it('probes the region the embedded SFU serves', async () => {
      const user = await makeUser(frankfurt.app, 'prober');
      const res = await call(frankfurt.app, 'GET', '/api/v1/voice/regions', { cookie: user.cookie });
      const { regions } = res.json<{ regions: { region: string; probeUrl: string | null }[] }>();
      expect(regions.filter((r) => r.probeUrl !== null)).toEqual([{ region: 'eu-central-1', probeUrl: '/api/v1/voice/probe' }]);
    });
  });
});
