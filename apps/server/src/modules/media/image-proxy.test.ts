import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeUser, type TestUser } from '../../../test/helpers/factories';
import { fetchRemoteImage, isPublicAddress, REMOTE_IMAGE_LIMITS } from './remote-image';
import { IMAGE_PROXY_RATE } from './routes';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

describe('isPublicAddress (SSRF)', () => {
  it('allows only public unicast: refuses loopback, private, link-local, CGNAT, multicast, reserved, and IPv6 ranges that carry IPv4', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fd12::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      // Ranges a hand-written list missed: IPv4-compatible, 6to4, NAT64 (both), Teredo, site-local.
      '::7f00:1',
      '::127.0.0.1',
      '::a00:1',
      '2002:7f00:1::1',
      '2002:c0a8:101::',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::a00:1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'fec0::1',
      '::ffff:0:7f00:1',
      // Documentation, benchmarking, reserved and unassigned space.
      '198.18.0.1',
      '192.0.2.1',
      '240.0.0.1',
      '2001:db8::1',
      '2001:2::1',
      '100::1',
      '4000::1',
      'not an ip',
      '1.2.3',
      '',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '1.1.1.1', '8.8.8.8', '2606:4700:4700::1111', '2606:4700::1111', '2a00:1450:4001:80e::200e', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('fetchRemoteImage', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/image.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      else if (req.url === '/page.png') res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>');
      else if (req.url === '/huge.png')
        res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(REMOTE_IMAGE_LIMITS.maxBytes)]));
      else if (req.url === '/moved.png') res.writeHead(302, { location: '/image.png' }).end();
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const allowLocal = { allowAddress: () => true };

  it('gives an image by its bytes, with the type its bytes say', async () => {
    const image = await fetchRemoteImage(new URL(`${base}/image.png`), allowLocal);
    expect(image?.contentType).toBe('image/png');
    expect(image?.body.equals(PNG)).toBe(true);
  });

  it('gives nothing for a non-image named .png, an oversized body, a redirect or a missing file', async () => {
    for (const path of ['/page.png', '/huge.png', '/moved.png', '/missing.png'])
      expect(await fetchRemoteImage(new URL(`${base}${path}`), allowLocal), path).toBeNull();
  });

  it('connects to the address it checked, and only when every address of the host is allowed', async () => {
    // 127.0.0.1 stands in for a public address: the test server listens there.
    const onlyLoopback = { allowAddress: (address: string) => address === '127.0.0.1' };
    const port = (server.address() as AddressInfo).port;
    const url = new URL(`http://images.example:${port}/image.png`);
    const resolvingTo =
      (...addresses: string[]) =>
      async () =>
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const pinned = await fetchRemoteImage(url, { ...onlyLoopback, resolveHost: resolvingTo('127.0.0.1') });
    expect(pinned?.body.equals(PNG)).toBe(true);
    for (const others of [['192.168.0.1'], ['::1'], ['64:ff9b::7f00:1']]) {
      expect(await fetchRemoteImage(url, { ...onlyLoopback, resolveHost: resolvingTo('127.0.0.1', ...others) }), others.join()).toBeNull();
      expect(await fetchRemoteImage(url, { ...onlyLoopback, resolveHost: resolvingTo(...others, '127.0.0.1') }), others.join()).toBeNull();
    }
    expect(await fetchRemoteImage(url, { resolveHost: resolvingTo('127.0.0.1') })).toBeNull();
  });

  it('never connects to a loopback address by default', async () => {
    expect(await fetchRemoteImage(new URL(`${base}/image.png`))).toBeNull();
  });
});

describe('GET /media/image-proxy', () => {
  const ctx = withTestApp();
  let user: TestUser;
  beforeAll(async () => {
    user = await makeUser(ctx.app);
  });
  const proxy = (url: string, cookie?: string) => call(ctx.app, 'GET', `/media/image-proxy?url=${encodeURIComponent(url)}`, cookie ? { cookie } : {});

  it('is for signed-in users', async () => {
    expect((await proxy('https://example.com/a.png')).statusCode).toBe(401);
  });

  it('takes https URLs on the default port only', async () => {
    for (const url of [
      'http://example.com/a.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'https://example.com:8443/a.png',
      'https://u:p@example.com/a.png',
      'not a url',
    ]) {
      const res = await proxy(url, user.cookie);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
  });

  it('refuses internal addresses (SSRF) with 404, before connecting', async () => {
    for (const url of [
      'https://127.0.0.1/a.png',
      'https://localhost/a.png',
      'https://[::1]/a.png',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/a.png',
    ]) {
      const res = await proxy(url, user.cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('limits each user to IMAGE_PROXY_RATE requests a window (429 with Retry-After)', async () => {
    const heavy = await makeUser(ctx.app);
    for (let i = 0; i < IMAGE_PROXY_RATE.count; i++) expect((await proxy('https://127.0.0.1/a.png', heavy.cookie)).statusCode).toBe(404);
    const refused = await proxy('https://127.0.0.1/a.png', heavy.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another user is not counted with them.
    expect((await proxy('https://127.0.0.1/a.png', user.cookie)).statusCode).toBe(404);
  });
});
