// @vitest-environment node
import { CloseCode } from '@rally/shared/gateway/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_CLOSE_HEARTBEAT_TIMEOUT, GatewayClient, gatewayUrl, type GatewayClientOptions, type SocketLike } from './gateway-client';

/** A stand-in for a browser WebSocket: records what the client sends, lets the test play the server. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Array<{ type: string; data?: unknown }> = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // --- server side ---
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  frame(type: string, data: unknown, seq: number) {
    this.onmessage?.({ data: JSON.stringify({ type, data, seq }) });
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const READY = (sessionId = 's1', heartbeatInterval = 1000) => ({
  version: 1,
  sessionId,
  heartbeatInterval,
  user: { id: '1' },
  teams: [],
  channels: [],
  categories: [],
  roles: [],
  suspendedTeamLength: 0,
});

function setup(extra: Partial<GatewayClientOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const events: string[] = [];
  const onReady = vi.fn();
  const onDispatch = vi.fn();
  const onSessionLost = vi.fn();
  const onTerminated = vi.fn();
  const client = new GatewayClient({
    url: 'ws://test/api/v1/ws',
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    onReady,
    onDispatch: (e) => {
      events.push(`${e.type}:${JSON.stringify(e.data)}`);
      onDispatch(e);
    },
    onSessionLost,
    onTerminated,
    ...extra,
  });
  /** The newest socket the client opened (the test fails when there is none yet). */
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('the client has opened no socket yet');
    return socket;
  };
  return { client, sockets, last, events, onReady, onDispatch, onSessionLost, onTerminated };
}

/** Connect and complete READY on the first socket. */
function connected(extra: Partial<GatewayClientOptions> = {}) {
  const t = setup(extra);
  t.client.connect();
  t.last().open();
  t.last().frame('HEARTBEAT_ACK', {}, 0);
  t.last().frame('READY', READY(), 0);
  t.last().sent.length = 0;
  return t;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('GatewayClient', () => {
  it('goes idle → connecting → ready on READY and hands READY over', () => {
    const t = setup();
    expect(t.client.state).toBe('idle');
    t.client.connect();
    expect(t.client.state).toBe('connecting');
    expect(t.sockets).toHaveLength(1);
    t.last().open();
    // Nothing to resume: a heartbeat first tells the server not to wait for a RESUME.
    expect(t.last().sent).toEqual([{ type: 'HEARTBEAT', data: { seq: null } }]);
    t.last().frame('READY', READY(), 0);
    expect(t.client.state).toBe('ready');
    expect(t.client.session).toBe('s1');
    expect(t.onReady).toHaveBeenCalledWith(expect.objectContaining({ sessionId: 's1' }), { resetCaches: false });
  });

  it('sends frames only when ready', () => {
    const t = setup();
    t.client.connect();
    t.last().open();
    expect(t.client.send({ type: 'CHANNEL_MOUNTED', data: { channelId: '5' } })).toBe(false);
    t.last().frame('READY', READY(), 0);
    expect(t.client.send({ type: 'CHANNEL_MOUNTED', data: { channelId: '5', teamId: '2' } })).toBe(true);
    expect(t.last().sent.at(-1)).toEqual({ type: 'CHANNEL_MOUNTED', data: { channelId: '5', teamId: '2' } });
  });

  it('tracks seq, hands over dispatches in order and drops ones already seen', () => {
    const t = connected();
    t.last().frame('PRESENCE_UPDATE', { presences: [{ userId: '1', presence: 1 }] }, 1);
    t.last().frame('PRESENCE_UPDATE', { presences: [{ userId: '1', presence: 2 }] }, 2);
    t.last().frame('PRESENCE_UPDATE', { presences: [{ userId: '1', presence: 3 }] }, 2); // duplicate seq
    expect(t.client.seq).toBe(2);
    expect(t.events).toEqual(['PRESENCE_UPDATE:{"presences":[{"userId":"1","presence":1}]}', 'PRESENCE_UPDATE:{"presences":[{"userId":"1","presence":2}]}']);
  });

  it('heartbeats at the interval READY gives, with the last seq', () => {
    const t = connected();
    t.last().frame('MESSAGE_SEND', { id: '9' }, 4);
    vi.advanceTimersByTime(999);
    expect(t.last().sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(t.last().sent).toEqual([{ type: 'HEARTBEAT', data: { seq: 4 } }]);
    t.last().frame('HEARTBEAT_ACK', {}, 4);
    vi.advanceTimersByTime(1000);
    expect(t.last().sent).toHaveLength(2);
    expect(t.client.state).toBe('ready');
  });

  it('treats a missing ACK by the next beat as a dead connection and reconnects with RESUME', () => {
    const t = connected();
    const first = t.last();
    vi.advanceTimersByTime(1000); // beat 1, never acknowledged
    vi.advanceTimersByTime(1000); // beat 2 finds no ACK
    expect(first.closedWith).toBe(CLIENT_CLOSE_HEARTBEAT_TIMEOUT);
    expect(t.client.state).toBe('disconnected');
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(t.sockets).toHaveLength(2);
    expect(t.client.state).toBe('resuming');
  });

  it('waits 10 s after a drop, then resumes: RESUME first, replayed events, RESUMED', () => {
    const t = connected();
    t.last().frame('PRESENCE_UPDATE', { presences: [{ userId: '1', presence: 1 }] }, 1);
    t.last().frame('PRESENCE_UPDATE', { presences: [{ userId: '1', presence: 2 }] }, 2);
    t.last().serverClose(1006);
    expect(t.client.state).toBe('disconnected');
    expect(t.client.getSnapshot().nextRetryAt).toBe(Date.now() + 10_000);

    vi.advanceTimersByTime(9_999);
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(2);
    expect(t.client.state).toBe('resuming');

    const s = t.last();
    s.open();
    expect(s.sent[0]).toEqual({ type: 'RESUME', data: { sessionId: 's1', seq: 2 } });
    s.frame('PRESENCE_UPDATE', { presences: [{ userId: '1', presence: 2 }] }, 2); // overlap: already seen
    s.frame('PRESENCE_UPDATE', { presences: [{ userId: '1', presence: 3 }] }, 3); // missed while away
    s.frame('RESUMED', { replayed: 1 }, 3);
    expect(t.client.state).toBe('ready');
    expect(t.client.seq).toBe(3);
    expect(t.events).toHaveLength(3);
    expect(t.onReady).toHaveBeenCalledTimes(1); // no second READY
    expect(t.onSessionLost).not.toHaveBeenCalled();

    // Heartbeats restart on the new socket.
    vi.advanceTimersByTime(1000);
    expect(s.sent[1]).toEqual({ type: 'HEARTBEAT', data: { seq: 3 } });
  });

  it('retries every 10 s while the server stays unreachable', () => {
    const t = connected();
    t.last().serverClose(1006);
    for (let attempt = 2; attempt <= 4; attempt++) {
      vi.advanceTimersByTime(10_000);
      expect(t.sockets).toHaveLength(attempt);
      t.last().serverClose(1006); // the connection attempt fails
      expect(t.client.state).toBe('disconnected');
    }
  });

  it('on INVALID_SESSION starts fresh at once without RESUME and resets the caches on READY', () => {
    const t = connected();
    t.last().frame('PRESENCE_UPDATE', { presences: [{ userId: '1', presence: 1 }] }, 7);
    t.last().serverClose(CloseCode.SERVER_RESTART);
    vi.advanceTimersByTime(10_000);
    const resuming = t.last();
    resuming.open();
    expect(resuming.sent[0]).toMatchObject({ type: 'RESUME', data: { seq: 7 } });
    resuming.frame('INVALID_SESSION', { resumable: false }, 0);
    expect(resuming.closedWith).toBe(1000);
    expect(t.sockets).toHaveLength(3);
    expect(t.client.state).toBe('connecting');
    const fresh = t.last();
    fresh.open();
    expect(fresh.sent).toEqual([{ type: 'HEARTBEAT', data: { seq: null } }]); // no RESUME on the fresh socket
    fresh.frame('READY', READY('s2'), 0);
    expect(t.client.state).toBe('ready');
    expect(t.client.session).toBe('s2');
    expect(t.client.seq).toBe(0);
    expect(t.onSessionLost).toHaveBeenCalledTimes(1);
    expect(t.onReady).toHaveBeenLastCalledWith(expect.objectContaining({ sessionId: 's2' }), { resetCaches: true });
  });

  it('on INVALID_SESSION while live (an event for it was lost) starts fresh at once and resets the caches', () => {
    const t = connected();
    t.last().frame('PRESENCE_UPDATE', { presences: [{ userId: '1', presence: 1 }] }, 3);
    t.last().frame('INVALID_SESSION', { resumable: false }, 0);
    expect(t.sockets[0]?.closedWith).toBe(1000);
    expect(t.client.state).toBe('connecting');
    const fresh = t.last();
    fresh.open();
    expect(fresh.sent).toEqual([{ type: 'HEARTBEAT', data: { seq: null } }]);
    fresh.frame('READY', READY('s3'), 0);
    expect(t.onSessionLost).toHaveBeenCalledTimes(1);
    expect(t.onReady).toHaveBeenLastCalledWith(expect.objectContaining({ sessionId: 's3' }), { resetCaches: true });
  });

  it('a READY instead of RESUMED (new session) also resets the caches', () => {
    const t = connected();
    t.last().serverClose(1006);
    vi.advanceTimersByTime(10_000);
    t.last().open();
    t.last().frame('READY', READY('s9'), 0);
    expect(t.client.state).toBe('ready');
    expect(t.onSessionLost).toHaveBeenCalledTimes(1);
  });

  it.each([CloseCode.NOT_AUTHENTICATED, CloseCode.SESSION_ENDED])('stops for good on terminal close code %i', (code) => {
    const t = connected();
    t.last().serverClose(code);
    expect(t.client.state).toBe('terminated');
    expect(t.client.getSnapshot().closeCode).toBe(code);
    expect(t.onTerminated).toHaveBeenCalledWith(code);
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
    // A later explicit connect (signed in again) starts fresh.
    t.client.connect();
    expect(t.client.state).toBe('connecting');
  });

  it('a terminal code during the first connection also stops', () => {
    const t = setup();
    t.client.connect();
    t.last().serverClose(CloseCode.NOT_AUTHENTICATED);
    expect(t.client.state).toBe('terminated');
    vi.advanceTimersByTime(30_000);
    expect(t.sockets).toHaveLength(1);
  });

  it('disconnect() closes, forgets the session and cancels a scheduled reconnect', () => {
    const t = connected();
    t.last().serverClose(1006);
    t.client.disconnect();
    expect(t.client.state).toBe('idle');
    vi.advanceTimersByTime(30_000);
    expect(t.sockets).toHaveLength(1);

    const u = connected();
    const s = u.last();
    u.client.disconnect();
    expect(s.closedWith).toBe(1000);
    expect(u.client.state).toBe('idle');
    vi.advanceTimersByTime(5_000); // no heartbeat on the closed socket
    expect(s.sent).toEqual([]);
  });

  it('reconnectNow() skips the wait', () => {
    const t = connected();
    t.last().serverClose(1006);
    t.client.reconnectNow();
    expect(t.sockets).toHaveLength(2);
    expect(t.client.state).toBe('resuming');
    vi.advanceTimersByTime(10_000);
    expect(t.sockets).toHaveLength(2);
  });

  it('notifies subscribers with stable snapshots', () => {
    const t = setup();
    const seen: string[] = [];
    t.client.subscribe(() => seen.push(t.client.getSnapshot().state));
    t.client.connect();
    t.last().open();
    t.last().frame('READY', READY(), 0);
    const snap = t.client.getSnapshot();
    t.last().frame('HEARTBEAT_ACK', {}, 0);
    expect(t.client.getSnapshot()).toBe(snap);
    expect(seen).toEqual(['connecting', 'ready']);
  });

  it('builds ws: or wss: URLs from the page', () => {
    expect(gatewayUrl({ protocol: 'https:', host: 'rally.example' })).toBe('wss://rally.example/api/v1/ws');
    expect(gatewayUrl({ protocol: 'http:', host: 'localhost:3200' })).toBe('ws://localhost:3200/api/v1/ws');
  });
});
