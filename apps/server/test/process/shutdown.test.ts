import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CSRF_HEADER } from '@rally/shared/api/common';
import { CloseCode } from '@rally/shared/gateway/protocol';
import type { Challenge } from 'altcha-lib/v1/types';
import { messageText } from '../../src/gateway/message-text';
import { solveChallengeToken, registrationBody } from '../helpers/auth';
import { startServer, type ServerProcess } from '../helpers/server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-shutdown-'));
const env = { DATA_DIR: dataDir, COOKIE_SECRET: 'shutdown-test-secret-0123456789abcdef', CAPTCHA_MAX_NUMBER: '1000' };
let server: ServerProcess | null = null;

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function register(base: string): Promise<string> {
  const challenge = (await (await fetch(`${base}/api/v1/captcha`)).json()) as Challenge;
  const body = { ...registrationBody(), captchaToken: await solveChallengeToken(challenge) };
  const res = await fetch(`${base}/api/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  const cookie = res.headers.get('set-cookie');
  if (!cookie) throw new Error('no session cookie');
  const [pair = ''] = cookie.split(';'); // the name=value pair before the attributes (split gives at least one part)
  return pair;
}

describe('a server process on the embedded database', () => {
  it('on SIGTERM closes sockets with SERVER_RESTART, exits 0, frees the data directory, and keeps its data', async () => {
    server = await startServer(env);
    const base = `http://127.0.0.1:${server.port}`;
    const cookie = await register(base);

    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api/v1/ws`, { headers: { cookie } });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (raw) => {
        if ((JSON.parse(messageText(raw)) as { type: string }).type === 'READY') resolve();
      });
      socket.once('error', reject);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'HEARTBEAT', data: { seq: null } })));
    });
    expect(fs.existsSync(path.join(dataDir, 'rally.lock'))).toBe(true);

    expect(await server.stop()).toBe(0);
    expect(await closed).toBe(CloseCode.SERVER_RESTART);
    expect(fs.existsSync(path.join(dataDir, 'rally.lock'))).toBe(false);

    server = await startServer(env);
    const me = await fetch(`http://127.0.0.1:${server.port}/api/v1/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toMatch(/@example\.com$/);
  }, 120_000); // two server starts (tsx loading the server, PGlite opening its data directory): ~20 s on an idle machine
});
