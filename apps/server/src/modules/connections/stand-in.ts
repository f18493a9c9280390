import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConnectionProvider } from '@rally/shared/api/connections';
import type { Config } from '../../env';
import { requestClientAddress } from '../../http/client-address';
import { isLoopbackAddress } from '../../http/trusted-proxy';
import { sameSecret, seal, unseal } from '../../lib/seal';
import { randomToken, s256Challenge } from './pkce';
import { PROVIDER_RULES, redirectUri, type ProviderClient } from './providers';

/**
 * Rally's built-in stand-in for Kick and Twitch: a small OAuth 2.0 authorisation server under
 * /dev/oauth/{provider}, used for a provider that has no client id configured, so that a fresh
 * `npm start` can link accounts. It runs the authorisation-code flow with PKCE for real: it checks
 * the client id and secret, the redirect URI, the S256 challenge against the verifier, and gives
 * codes that work once, for a minute. The accounts are made up ("test accounts" named on its consent
 * page); its user endpoint answers in the real provider's shape. Codes and tokens are sealed with
 * the server's secret (any process of the deployment can check them); a code is spent in the
 * process that redeems it, and the state that goes with it is spent in the database.
 */
export const STAND_IN_BASE = '/dev/oauth';
const CODE_TTL_MS = 60_000;
const TOKEN_TTL_MS = 3_600_000;
/** A test account's name: what Kick and Twitch allow, more or less. */
export const STAND_IN_NAME = /^\w{3,25}$/;

/** Whether this visitor may use the stand-in: as /dev/outbox, loopback visitors when DEV_PAGES is unset, everyone when true, nobody when false. */
export function standInServed(config: Config, request: FastifyRequest): boolean {
  if (config.DEV_PAGES !== undefined) return config.DEV_PAGES;
  return isLoopbackAddress(requestClientAddress(config, request));
}

/** Whether the stand-in's routes exist: some provider has no client id, and DEV_PAGES is not false. */
export const standInEnabled = (config: Config): boolean => config.DEV_PAGES !== false && (!config.KICK_CLIENT_ID || !config.TWITCH_CLIENT_ID);

interface CodePayload {
  kind: 'code';
  provider: ConnectionProvider;
  clientId: string;
  redirectUri: string;
  challenge: string;
  subject: string;
  name: string;
  expiresAt: number;
  jti: string;
}

interface TokenPayload {
  kind: 'token';
  provider: ConnectionProvider;
  clientId: string;
  subject: string;
  name: string;
  expiresAt: number;
}

/** A parameter of an OAuth request: one string, bounded. */
export const param = (value: unknown, max = 2048): string | null => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : null);

export type TokenResult =
  | { ok: true; body: { access_token: string; token_type: 'bearer'; expires_in: number; scope: string } }
  | { ok: false; status: 400 | 401; body: { error: string; error_description: string } };

export class StandInServer {
  private readonly key: string;
  /** Codes redeemed in this process, until they would have expired anyway. */
  private readonly spent = new Map<string, number>();

  constructor(
    private readonly config: Config,
    secret: string,
  ) {
    this.key = createHmac('sha256', secret).update('rally oauth stand-in').digest('base64url');
  }

  clientId = (provider: ConnectionProvider): string => `rally-stand-in-${provider}`;
  clientSecret = (provider: ConnectionProvider): string => createHmac('sha256', this.key).update(`client secret ${provider}`).digest('base64url');
  redirectUri = (provider: ConnectionProvider): string => redirectUri(this.config, provider);

  /** Rally's client of the stand-in: the browser goes to PUBLIC_URL/dev/oauth/…; the server reaches it through `fetch`, the app itself. */
  client(provider: ConnectionProvider, fetchThroughApp: typeof fetch): ProviderClient {
    const base = new URL(`${STAND_IN_BASE}/${provider}/`, this.config.PUBLIC_URL).href;
    return {
      provider,
      clientId: this.clientId(provider),
      clientSecret: this.clientSecret(provider),
      authorizeUrl: `${base}authorize`,
      tokenUrl: `${base}token`,
      userUrl: `${base}user`,
      scope: PROVIDER_RULES[provider].scope,
      standIn: true,
      fetch: fetchThroughApp,
    };
  }

  /** What is wrong with an authorisation request (then the browser is not sent back: the redirect URI may be anyone's), or null. */
  checkAuthorizeRequest(provider: ConnectionProvider, query: Record<string, unknown>): string | null {
    if (param(query.response_type) !== 'code') return 'response_type must be code';
    if (param(query.client_id) !== this.clientId(provider)) return 'unknown client_id';
    if (param(query.redirect_uri) !== this.redirectUri(provider)) return 'redirect_uri is not the one registered for this client';
    if (param(query.code_challenge_method) !== 'S256') return 'PKCE is required: code_challenge_method must be S256';
    if (!/^[\w-]{43}$/.test(param(query.code_challenge) ?? '')) return 'PKCE is required: code_challenge must be a base64url SHA-256';
    if (!param(query.state, 512)) return 'state is required';
    return null;
  }

  /** The code for an approved request: sealed, naming the account, the client, the redirect URI and the challenge. */
  issueCode(provider: ConnectionProvider, query: { redirect_uri: string; code_challenge: string }, name: string): string {
    const payload: CodePayload = {
      kind: 'code',
      provider,
      clientId: this.clientId(provider),
      redirectUri: query.redirect_uri,
      challenge: query.code_challenge,
      subject: accountId(provider, name),
      name,
      expiresAt: Date.now() + CODE_TTL_MS,
      jti: randomToken(),
    };
    return seal(this.key, payload);
  }

  /** The token endpoint (RFC 6749 §4.1.3, RFC 7636 §4.6): client, code (once, unexpired), redirect URI and verifier all checked. */
  redeem(provider: ConnectionProvider, form: Record<string, unknown>): TokenResult {
    const refuse = (status: 400 | 401, error: string, description: string): TokenResult => ({
      ok: false,
      status,
      body: { error, error_description: description },
    });
    if (param(form.client_id) !== this.clientId(provider) || !sameSecret(param(form.client_secret) ?? '', this.clientSecret(provider)))
      return refuse(401, 'invalid_client', 'unknown client or wrong secret');
    if (param(form.grant_type) !== 'authorization_code') return refuse(400, 'unsupported_grant_type', 'only authorization_code');
    const code = unseal(this.key, param(form.code) ?? '') as CodePayload | null;
    const now = Date.now();
    if (!code || code.kind !== 'code' || code.provider !== provider || code.expiresAt <= now || this.spent.has(code.jti))
      return refuse(400, 'invalid_grant', 'the code is unknown, used or expired');
    this.spend(code.jti, code.expiresAt, now);
    if (param(form.redirect_uri) !== code.redirectUri) return refuse(400, 'invalid_grant', 'redirect_uri does not match the authorisation request');
    const verifier = param(form.code_verifier, 128) ?? '';
    if (!/^[\w.~-]{43,128}$/.test(verifier) || !sameSecret(s256Challenge(verifier), code.challenge))
      return refuse(400, 'invalid_grant', 'code_verifier does not match the code_challenge');
    const token: TokenPayload = { kind: 'token', provider, clientId: code.clientId, subject: code.subject, name: code.name, expiresAt: now + TOKEN_TTL_MS };
    return {
      ok: true,
      body: { access_token: seal(this.key, token), token_type: 'bearer', expires_in: TOKEN_TTL_MS / 1000, scope: PROVIDER_RULES[provider].scope },
    };
  }

  /** The user endpoint: the account of a valid bearer token, in the real provider's shape (Twitch's wants the Client-Id header too); null: 401. */
  user(provider: ConnectionProvider, headers: FastifyRequest['headers']): object | null {
    const bearer = /^Bearer (\S+)$/.exec(headers.authorization ?? '')?.[1] ?? '';
    const token = unseal(this.key, bearer) as TokenPayload | null;
    if (!token || token.kind !== 'token' || token.provider !== provider || token.expiresAt <= Date.now()) return null;
    if (provider === 'twitch') {
      if (headers['client-id'] !== token.clientId) return null;
      return { data: [{ id: token.subject, login: token.name.toLowerCase(), display_name: token.name, type: '', broadcaster_type: '' }] };
    }
    return {
      data: [{ user_id: Number(token.subject), name: token.name, email: `${token.name.toLowerCase()}@stand-in.invalid`, profile_picture: '' }],
      message: 'OK',
    };
  }

  private spend(jti: string, expiresAt: number, now: number): void {
    for (const [id, until] of this.spent) if (until <= now) this.spent.delete(id);
    this.spent.set(jti, expiresAt);
  }
}

/** A test account's id at the stand-in, the same for the same name: digits, like Kick's and Twitch's ids. */
function accountId(provider: ConnectionProvider, name: string): string {
  const hex = createHash('sha256').update(`${provider}:${name.toLowerCase()}`).digest('hex').slice(0, 12);
  return BigInt(`0x${hex}`).toString();
}

/** A fetch that sends the request through the app itself (light-my-request), as a loopback client: the server's way to its own stand-in. */
export function fetchThroughApp(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      remoteAddress: '127.0.0.1',
    });
    const type = response.headers['content-type'];
    return new Response(response.body, { status: response.statusCode, headers: typeof type === 'string' ? { 'content-type': type } : {} });
  };
}
