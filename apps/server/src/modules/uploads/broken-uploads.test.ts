import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER } from '@rally/shared/api/common';
import type { UserRateLimitName } from '@rally/shared/api/endpoint';
import { RATE_LIMITS } from '@rally/shared/limits';
import { withTestApp } from '../../../test/helpers/app';
import { userRateKey } from '../../lib/rate-limit';
import { makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { makeImage, postForm } from '../../../test/helpers/images';
import { UPLOAD_TEMP_PREFIX } from './receive';

// Uploads make their temporary directories in the system's temporary folder: this file's own, so
// that what is counted there is this app's alone (os.tmpdir() reads TMPDIR at every call).
const tmp = mkdtempSync(path.join(os.tmpdir(), 'rally-broken-uploads-'));
process.env.TMPDIR = tmp;
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const openDescriptors = () => readdirSync('/proc/self/fd').length;
const uploadDirs = () => readdirSync(tmp).filter((name) => name.startsWith(UPLOAD_TEMP_PREFIX));
/** Upload directories holding a file being written (the server is inside the file part). */
const dirsWithFile = () => uploadDirs().filter((dir) => readdirSync(path.join(tmp, dir)).length > 0).length;

const BOUNDARY = 'rally-test-boundary';
/** A body that starts a file part and stops inside it: the closing boundary never comes. */
function cutBody(fileField: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="type"\r\n\r\nteamIcon\r\n` +
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${fileField}"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`,
    ),
    Buffer.alloc(300, 0x89),
  ]);
}

/** A raw connection that sends a multipart request's headers (announcing 1 MB) and `body`, and collects what comes back. */
class RawUpload {
  readonly socket: net.Socket;
  private received = '';
  /** Resolves when the socket is closed, with everything the server sent. */
  readonly closed: Promise<string>;

  constructor(port: number, url: string, cookie: string, body: Buffer) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => (this.received += chunk.toString('latin1')));
    this.socket.on('error', () => {}); // a reset after an abort is expected
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve(this.received)));
    this.socket.write(
      `POST ${url} HTTP/1.1\r\nhost: 127.0.0.1\r\ncookie: ${cookie}\r\n${CSRF_HEADER}: 1\r\n` +
        `content-type: multipart/form-data; boundary=${BOUNDARY}\r\ncontent-length: ${1024 * 1024}\r\n\r\n`,
    );
    this.socket.write(body);
  }
}

const statusLine = (response: string) => response.split('\r\n')[0];
const jsonOf = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as unknown;

/** Uploaders of the broken uploads: a batch of 200 is 10 per user (5 per route), within every per-user limit. */
const UPLOADERS = 20;

/**
 * A listening app (real sockets) with `overrides`, UPLOADERS users with a team each (their per-user
 * limits reset before each test), and the count of open descriptors once one upload of each route
 * has run (what the first one opens for good, libraries and the storage, is in it).
 */
function listeningApp(overrides: Record<string, string>) {
  const ctx = withTestApp(overrides, { listen: true });
  const state = { uploaders: [] as { user: TestUser; emojiUrl: string }[], port: 0, baseline: 0 };
  beforeAll(async () => {
    for (let i = 0; i < UPLOADERS; i++) {
      const user = await makeUser(ctx.app);
      state.uploaders.push({ user, emojiUrl: `/api/v1/teams/${(await makeTeam(ctx.app, user)).teamId}/bulk-reactions` });
    }
    state.port = (ctx.app.server.address() as net.AddressInfo).port;
    const [first] = state.uploaders;
    const png = { file: await makeImage('png'), filename: 'a.png', contentType: 'image/png' };
    expect((await postForm(ctx.app, '/api/v1/upload', { type: 'teamIcon', image: png }, { cookie: first!.user.cookie })).statusCode).toBe(201);
    expect((await postForm(ctx.app, first!.emojiUrl, { emojis: png }, { cookie: first!.user.cookie })).statusCode).toBe(201);
    state.baseline = openDescriptors();
  });
  beforeEach(async () => {
    const names = Object.keys(RATE_LIMITS) as UserRateLimitName[];
    await Promise.all(state.uploaders.flatMap(({ user }) => names.map((name) => ctx.app.rateLimiter.reset(userRateKey(name, user.id)))));
  });
  return {
    ctx,
    state,
    /** A cut-off upload to POST /api/v1/upload (odd `i`) or to the uploader's team's bulk emoji upload (even `i`). */
    cutUpload: (i: number) => {
      const { user, emojiUrl } = state.uploaders[Math.floor(i / 2) % UPLOADERS]!;
      return i % 2
        ? new RawUpload(state.port, '/api/v1/upload', user.cookie, cutBody('image'))
        : new RawUpload(state.port, emojiUrl, user.cookie, cutBody('emojis'));
    },
    /**
     * Nothing of the uploads is left: no directory, and no descriptor more than before them (sockets
     * included). Waited for up to 20 s: on PostgreSQL, connections the pool opened for the burst close
     * after its 10 s idle time.
     */
    expectNothingLeft: () =>
      vi.waitFor(
        () => expect({ dirs: uploadDirs(), extraDescriptors: Math.max(0, openDescriptors() - state.baseline) }).toEqual({ dirs: [], extraDescriptors: 0 }),
        { timeout: 20_000, interval: 50 },
      ),
  };
}

describe('uploads whose body stops on a listening server', () => {
  const { ctx, state, cutUpload, expectNothingLeft } = listeningApp({ UPLOAD_IDLE_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '3000' });

  it('answers 200 uploads whose body stops before its closing boundary with 408 and closes them, leaving nothing open', async () => {
    const uploads = Array.from({ length: 200 }, (_, i) => cutUpload(i));
    // The connections stay open on the client's side: the server answers and closes each.
    const responses = await Promise.all(uploads.map((u) => u.closed));
    for (const response of responses) {
      expect(statusLine(response)).toBe('HTTP/1.1 408 Request Timeout');
      expect(jsonOf(response)).toEqual({ success: false, code: 'request_timeout', message: 'The request did not arrive in time; please try again' });
    }
    await expectNothingLeft();
  });

  it('cuts a body that trickles in for longer than HTTP_REQUEST_TIMEOUT_MS with 408, leaving nothing open', async () => {
    const upload = cutUpload(1);
    // A byte every 100 ms: never idle for UPLOAD_IDLE_TIMEOUT_MS, never done.
    const trickle = setInterval(() => upload.socket.write(Buffer.from([0x89])), 100);
    const response = await upload.closed.finally(() => clearInterval(trickle));
    expect(statusLine(response)).toBe('HTTP/1.1 408 Request Timeout');
    expect(jsonOf(response)).toMatchObject({ success: false, code: 'request_timeout' });
    await expectNothingLeft();
  });

  it('still takes uploads afterwards, and complete ones leave nothing either', async () => {
    for (let i = 0; i < 20; i++) {
      const png = { file: await makeImage('png', 8 + i, 8), filename: 'a.png', contentType: 'image/png' };
      const { cookie } = state.uploaders[i % UPLOADERS]!.user;
      expect((await postForm(ctx.app, '/api/v1/upload', { type: 'userAvatar', image: png }, { cookie })).statusCode).toBe(201);
    }
    await expectNothingLeft();
  });
});

describe('uploads whose client goes away on a listening server', () => {
  const { cutUpload, expectNothingLeft } = listeningApp({});

  it('leaves nothing of 200 uploads whose client goes away mid-body, at once or while its file is written', async () => {
    // At once: the connection is gone before the handler reads the body.
    const early = Array.from({ length: 100 }, (_, i) => cutUpload(i));
    for (const upload of early) upload.socket.destroy();
    await Promise.all(early.map((u) => u.closed));
    // While the file is written: every one has its file open on the server, then half reset, half closed cleanly.
    const late = Array.from({ length: 100 }, (_, i) => cutUpload(i));
    await vi.waitFor(() => expect(dirsWithFile()).toBe(100), { timeout: 10_000, interval: 20 });
    late.forEach((upload, i) => (i % 4 < 2 ? upload.socket.destroy() : upload.socket.end()));
    await Promise.all(late.map((u) => u.closed));
    await expectNothingLeft();
  });
});

describe('multipart bodies the parser cannot read', () => {
  const ctx = withTestApp();
  let user: TestUser;
  let emojiUrl: string;

  beforeAll(async () => {
    user = await makeUser(ctx.app);
    emojiUrl = `/api/v1/teams/${(await makeTeam(ctx.app, user)).teamId}/bulk-reactions`;
  });

  const post = (url: string, contentType: string, payload: string | Buffer) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: user.cookie, [CSRF_HEADER]: '1', 'content-type': contentType } });

  it('answers 400 malformed_request to multipart without a boundary, with a boundary too long, and cut off inside a part', async () => {
    const cases: [string, string | Buffer][] = [
      ['multipart/form-data', 'anything'],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, `--${'b'.repeat(300)}\r\n`],
      [`multipart/form-data; boundary=${BOUNDARY}`, cutBody('image')],
    ];
    for (const url of ['/api/v1/upload', emojiUrl]) {
      for (const [contentType, payload] of cases) {
        const res = await post(url, contentType, url === emojiUrl && Buffer.isBuffer(payload) ? cutBody('emojis') : payload);
        expect([res.statusCode, res.json()], `${url} ${contentType.slice(0, 40)}`).toEqual([
          400,
          { success: false, code: 'malformed_request', message: 'The request could not be read' },
        ]);
      }
    }
    expect(readdirSync(tmp).filter((name) => name.startsWith(UPLOAD_TEMP_PREFIX))).toEqual([]);
  });
});
