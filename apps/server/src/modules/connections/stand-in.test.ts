import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oauthStates, userConnections } from '../../db/schema';
import { call, withTestApp, type TestApp } from '../../../test/helpers/app';
import { makeUser, type TestUser } from '../../../test/helpers/factories';
import { hashToken } from '../auth/session-repository';
import { StandInServer } from './stand-in';

const PUBLIC_URL = 'http://rally.test:8080';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Setup through the stand-in: the authorize URL's parameters (the stand-in is served at PUBLIC_URL/dev/oauth/{provider}). */
async function setup(t: TestApp, user: TestUser, provider: 'kick' | 'twitch'): Promise<URL> {
  const res = await call(t.app, 'GET', `/api/v1/me/connections/${provider}/setup`, { cookie: user.cookie });
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json<{ url: string }>().url);
  expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/dev/oauth/${provider}/authorize`);
  return url;
}

/** The consent form sent back with a decision: where the browser is sent (302), or the page's answer. */
const decide = (t: TestApp, url: URL, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: FORM,
    payload: new URLSearchParams({ ...Object.fromEntries(url.searchParams), ...fields }).toString(),
  });

const redeem = (t: TestApp, provider: string, fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/dev/oauth/${provider}/token`, headers: FORM, payload: new URLSearchParams(fields).toString() });

describe('the built-in OAuth stand-in (no client id configured)', () => {
  const ctx = withTestApp({ PUBLIC_URL });

  it('shows a consent page and links the named test account end to end', async () => {
    const user = await makeUser(ctx.app);
    const url = await setup(ctx, user, 'twitch');
    expect(url.searchParams.get('scope')).toBeNull();
    const consent = await ctx.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(consent.statusCode).toBe(200);
    expect(consent.headers['content-type']).toContain('text/html');
    expect(consent.body).toContain('Connect your Twitch test account as');
    expect(consent.body).toContain('name="decision" value="allow"');

    const approved = await decide(ctx, url, { decision: 'allow', name: 'Night_Owl' });
    expect(approved.statusCode).toBe(302);
    const back = new URL(approved.headers.location as string);
    expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/connections/twitch`);
    expect(back.searchParams.get('state')).toBe(url.searchParams.get('state'));
    const res = await call(ctx.app, 'GET', `/api/v1/me/connections/twitch/callback${back.search}`, { cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ connection: { provider: 'twitch', username: 'Night_Owl', providerUserId: expect.stringMatching(/^\d+$/) } });
    const rows = await ctx.db.select().from(userConnections).where(eq(userConnections.userId, user.id));
    expect(rows).toEqual([expect.objectContaining({ provider: 'twitch', username: 'Night_Owl' })]);
  });

  it('sends the browser back with access_denied on Cancel, and the callback says the connection was cancelled', async () => {
    const user = await makeUser(ctx.app);
    const url = await setup(ctx, user, 'kick');
    const denied = await decide(ctx, url, { decision: 'deny' });
    expect(denied.statusCode).toBe(302);
    const back = new URL(denied.headers.location as string);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    const res = await call(ctx.app, 'GET', `/api/v1/me/connections/kick/callback${back.search}`, { cookie: user.cookie });
    expect(res.json()).toMatchObject({ code: 'connection_denied' });
  });

  it('checks the authorisation request: client id, redirect URI, S256 challenge; and the name', async () => {
    const user = await makeUser(ctx.app);
    const url = await setup(ctx, user, 'kick');
    const spoiled = (key: string, value: string | null) => {
      const copy = new URL(url);
      if (value === null) copy.searchParams.delete(key);
      else copy.searchParams.set(key, value);
      return ctx.app.inject({ method: 'GET', url: copy.pathname + copy.search });
    };
    for (const [key, value, reason] of [
      ['client_id', 'someone-else', 'unknown client_id'],
      ['redirect_uri', 'https://evil.example/connections/kick', 'redirect_uri'],
      ['code_challenge_method', 'plain', 'S256'],
      ['code_challenge', null, 'code_challenge'],
      ['state', null, 'state'],
    ] as const) {
      const res = await spoiled(key, value);
      expect(res.statusCode, key).toBe(400);
      expect(res.body, key).toContain(reason);
      expect(res.headers.location, key).toBeUndefined();
    }
    const badName = await decide(ctx, url, { decision: 'allow', name: 'no spaces <b>' });
    expect(badName.statusCode).toBe(400);
    expect(badName.body).toContain('role="alert"');
    expect(badName.body).not.toContain('<b>');
  });

  /** A code approved at the stand-in's consent page for a new setup, with the verifier Rally kept for it. */
  async function freshCode(provider: 'kick' | 'twitch', name: string): Promise<{ code: string; verifier: string }> {
    const user = await makeUser(ctx.app);
    const url = await setup(ctx, user, provider);
    const [row] = await ctx.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, hashToken(url.searchParams.get('state') ?? '')));
    const verifier = row!.codeVerifier;
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(url.searchParams.get('code_challenge'));
    const approved = await decide(ctx, url, { decision: 'allow', name });
    return { code: new URL(approved.headers.location as string).searchParams.get('code') ?? '', verifier };
  }

  const tokenRequest = (provider: 'kick' | 'twitch', code: string, verifier: string) => ({
    grant_type: 'authorization_code',
    code,
    redirect_uri: `${PUBLIC_URL}/connections/${provider}`,
    client_id: `rally-stand-in-${provider}`,
    client_secret: new StandInServer(ctx.config, ctx.app.secret).clientSecret(provider),
    code_verifier: verifier,
  });

  it('redeems a code only with the client secret and the PKCE verifier of its challenge, once', async () => {
    const { code, verifier } = await freshCode('kick', 'pkce_checker');
    const wrongSecret = await redeem(ctx, 'kick', { ...tokenRequest('kick', code, verifier), client_secret: 'guess' });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toMatchObject({ error: 'invalid_client' });

    const ok = await redeem(ctx, 'kick', tokenRequest('kick', code, verifier));
    expect(ok.statusCode).toBe(200);
    const { access_token: token } = ok.json<{ access_token: string }>();
    const user = await ctx.app.inject({ method: 'GET', url: '/dev/oauth/kick/user', headers: { authorization: `Bearer ${token}` } });
    expect(user.json()).toMatchObject({ data: [{ user_id: expect.any(Number), name: 'pkce_checker' }] });
    expect((await ctx.app.inject({ method: 'GET', url: '/dev/oauth/kick/user', headers: { authorization: 'Bearer forged.token' } })).statusCode).toBe(401);

    const reused = await redeem(ctx, 'kick', tokenRequest('kick', code, verifier));
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a verifier that does not match the challenge, and another redirect URI', async () => {
    const first = await freshCode('kick', 'wrong_verifier');
    const otherVerifier = await redeem(ctx, 'kick', tokenRequest('kick', first.code, 'a'.repeat(43)));
    expect(otherVerifier.statusCode).toBe(400);
    expect(otherVerifier.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('code_verifier') });
    // A refused attempt spends the code: the right verifier does not bring it back.
    expect((await redeem(ctx, 'kick', tokenRequest('kick', first.code, first.verifier))).statusCode).toBe(400);

    const second = await freshCode('kick', 'wrong_redirect');
    const otherRedirect = await redeem(ctx, 'kick', { ...tokenRequest('kick', second.code, second.verifier), redirect_uri: 'https://evil.example/cb' });
    expect(otherRedirect.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('redirect_uri') });

    const third = await freshCode('twitch', 'other_provider');
    expect((await redeem(ctx, 'kick', { ...tokenRequest('twitch', third.code, third.verifier), client_id: 'rally-stand-in-kick' })).statusCode).toBe(401);
  });

  it("answers Twitch's user endpoint only with the Client-Id header", async () => {
    const { code, verifier } = await freshCode('twitch', 'Helix_User');
    const { access_token: token } = (await redeem(ctx, 'twitch', tokenRequest('twitch', code, verifier))).json<{ access_token: string }>();
    const without = await ctx.app.inject({ method: 'GET', url: '/dev/oauth/twitch/user', headers: { authorization: `Bearer ${token}` } });
    expect(without.statusCode).toBe(401);
    const withId = await ctx.app.inject({
      method: 'GET',
      url: '/dev/oauth/twitch/user',
      headers: { authorization: `Bearer ${token}`, 'client-id': 'rally-stand-in-twitch' },
    });
    expect(withId.json()).toEqual({ data: [expect.objectContaining({ login: 'helix_user', display_name: 'Helix_User' })] });
  });

  it('is served to loopback visitors only while DEV_PAGES is unset (a visitor behind the local proxy is not one)', async () => {
    const user = await makeUser(ctx.app);
    const remote = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/me/connections/kick/setup',
      headers: { cookie: user.cookie, 'x-rally-request': '1', 'cf-ipcountry': 'TR', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toMatchObject({ code: 'connection_unavailable' });
    const page = await ctx.app.inject({ method: 'GET', url: '/dev/oauth/kick/authorize', headers: { 'cf-ipcountry': 'TR', 'x-forwarded-for': '203.0.113.9' } });
    expect(page.statusCode).toBe(404);
  });
});

describe('the stand-in with DEV_PAGES=false', () => {
  const ctx = withTestApp({ PUBLIC_URL, DEV_PAGES: 'false' });

  it('does not exist: a provider without a client id cannot be linked', async () => {
    const user = await makeUser(ctx.app);
    const res = await call(ctx.app, 'GET', '/api/v1/me/connections/kick/setup', { cookie: user.cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'connection_unavailable' });
    expect((await ctx.app.inject({ method: 'GET', url: '/dev/oauth/kick/authorize' })).statusCode).toBe(404);
  });
});
