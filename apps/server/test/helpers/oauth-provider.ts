import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** What the test provider does at its token or user endpoint (tests switch it). */
export type ProviderMode = 'normal' | 'error' | 'hang' | 'malformed';

export interface TestOAuthProvider {
  /** http://127.0.0.1:<port> (set once its beforeAll ran). */
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The account the next approval links. */
  account: { id: number; name: string };
  tokenMode: ProviderMode;
  userMode: ProviderMode;
  /** Token requests refused, with the reason (the PKCE check among them). */
  readonly refusals: string[];
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  account: { id: number; name: string };
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * A small OAuth 2.0 authorization server on a free port of 127.0.0.1, shaped like Kick's: GET
 * /authorize approves at once (302 to the redirect URI with a code and the state), POST /token
 * checks the client, the code (once), the redirect URI and the PKCE verifier against the S256
 * challenge, GET /user answers { data: [{ user_id, name }] } for its tokens. Register it before
 * withTestApp, whose config reads `url`.
 */
export function withTestOAuthProvider(): TestOAuthProvider {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, { id: number; name: string }>();
  const hanging = new Set<http.ServerResponse>();
  const provider = {
    url: '',
    clientId: 'rally-test-client',
    clientSecret: 'rally-test-secret',
    account: { id: 4242, name: 'StreamerOne' },
    tokenMode: 'normal' as ProviderMode,
    userMode: 'normal' as ProviderMode,
    refusals: [] as string[],
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const misbehave = (res: http.ServerResponse, mode: ProviderMode): boolean => {
    if (mode === 'error') json(res, 500, { error: 'server_error' });
    else if (mode === 'malformed') json(res, 200, { unexpected: true });
    else if (mode === 'hang') hanging.add(res);
    return mode !== 'normal';
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', provider.url);
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const q = url.searchParams;
      if (q.get('response_type') !== 'code' || q.get('client_id') !== provider.clientId || q.get('code_challenge_method') !== 'S256') return json(res, 400, {});
      const code = randomBytes(16).toString('hex');
      grants.set(code, {
        clientId: provider.clientId,
        redirectUri: q.get('redirect_uri') ?? '',
        challenge: q.get('code_challenge') ?? '',
        account: provider.account,
      });
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (misbehave(res, provider.tokenMode)) return;
        const form = new URLSearchParams(body);
        const refuse = (reason: string, status = 400) => {
          provider.refusals.push(reason);
          json(res, status, { error: status === 401 ? 'invalid_client' : 'invalid_grant', error_description: reason });
        };
        if (form.get('client_id') !== provider.clientId || form.get('client_secret') !== provider.clientSecret) return refuse('client', 401);
        const code = form.get('code') ?? '';
        const grant = grants.get(code);
        grants.delete(code);
        if (!grant || form.get('grant_type') !== 'authorization_code') return refuse('code');
        if (form.get('redirect_uri') !== grant.redirectUri) return refuse('redirect_uri');
        if (s256(form.get('code_verifier') ?? '') !== grant.challenge) return refuse('code_verifier');
        const token = randomBytes(16).toString('hex');
        tokens.set(token, grant.account);
        json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, refresh_token: 'unused', scope: 'user:read' });
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/user') {
      if (misbehave(res, provider.userMode)) return;
      const account = tokens.get(/^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
      if (!account) return json(res, 401, { message: 'Unauthorized' });
      return json(res, 200, { data: [{ user_id: account.id, name: account.name, email: 'one@example.com', profile_picture: '' }], message: 'OK' });
    }
    json(res, 404, {});
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const res of hanging) res.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return provider;
}
