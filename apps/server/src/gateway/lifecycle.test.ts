import { beforeAll, describe, expect, it } from 'vitest';
import { CloseCode } from '@rally/shared/gateway/protocol';
import { withTestApp } from '../../test/helpers/app';
import { makeUser, type TestUser } from '../../test/helpers/factories';
import { connectTo, type TestClient } from './testing';

/** Timeouts, limits and shutdown, on an app with short intervals. */
describe('gateway lifecycle', () => {
  const ctx = withTestApp(
    { GATEWAY_HEARTBEAT_INTERVAL_MS: 100, GATEWAY_HEARTBEAT_TIMEOUT_MS: 300, GATEWAY_RESUME_WAIT_MS: 50, GATEWAY_FRAME_RATE: '20/60' },
    { listen: true },
  );
  let user: TestUser;
  const open = (): TestClient => connectTo(ctx, { cookie: user.cookie });

  beforeAll(async () => {
    user = await makeUser(ctx.app);
  });

  it('sends READY after the resume wait when the client sends nothing, with the configured interval', async () => {
    const client = open();
    const ready = await client.next('READY');
    expect(ready.data.heartbeatInterval).toBe(100);
  });

  it('closes a socket that stops sending heartbeats with SESSION_TIMEOUT', async () => {
    const client = open();
    await client.next('READY');
    expect((await client.closed).code).toBe(CloseCode.SESSION_TIMEOUT);
  });

  it('keeps a socket that heartbeats', async () => {
    const client = open();
    await client.next('READY');
    // Beating from READY on: the silent socket's READY may take longer than the timeout on a loaded machine.
    const beat = setInterval(() => client.send({ type: 'HEARTBEAT', data: {} }), 80);
    const silent = open();
    try {
      await silent.next('READY');
      // The silent socket times out while the beating one, opened at the same time, stays open.
      expect((await silent.closed).code).toBe(CloseCode.SESSION_TIMEOUT);
      expect(client.ws.readyState).toBe(client.ws.OPEN);
    } finally {
      clearInterval(beat);
    }
  });

  it('closes a socket that sends too many frames with RATE_LIMITED', async () => {
    const client = open();
    await client.opened;
    for (let i = 0; i < 21; i++) client.send({ type: 'HEARTBEAT', data: {} });
    expect((await client.closed).code).toBe(CloseCode.RATE_LIMITED);
  });

  it('answers a RESUME that comes after READY went out with INVALID_SESSION', async () => {
    const first = open();
    const ready = await first.next('READY');
    first.drop();
    const late = open();
    await late.next('READY');
    late.send({ type: 'RESUME', data: { sessionId: ready.data.sessionId, seq: 0 } });
    expect((await late.next()).type).toBe('INVALID_SESSION');
    expect((await late.closed).code).toBe(CloseCode.ALREADY_STARTED);
  });

  it('closes every socket with SERVER_RESTART on shutdown and refuses new upgrades', async () => {
    const a = open();
    const b = open();
    await a.next('READY');
    await b.next('READY');
    await ctx.app.gateway.shutdown();
    expect((await a.closed).code).toBe(CloseCode.SERVER_RESTART);
    expect((await b.closed).code).toBe(CloseCode.SERVER_RESTART);
    expect(ctx.app.gateway.connectionCount()).toBe(0);
    const refused = open();
    await expect(refused.opened).rejects.toThrow(/503/);
  });
});
