import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oauthStates, userConnections } from '../../db/schema';
import { call, withTestApp, type TestApp } from '../../../test/helpers/app';
import { makeUser, type TestUser } from '../../../test/helpers/factories';
import { withTestOAuthProvider } from '../../../test/helpers/oauth-provider';
import { hashToken } from '../auth/session-repository';

const PUBLIC_URL = 'http://rally.test:8080';

const setup = (t: TestApp, user: TestUser, provider = 'kick', path = '/api/v1/me/connections') =>
  call(t.app, 'GET', `${path}/${provider}/setup`, { cookie: user.cookie });
const callback = (t: TestApp, user: TestUser, query: Record<string, string>, provider = 'kick') =>
  call(t.app, 'GET', `/api/v1/me/connections/${provider}/callback?${new URLSearchParams(query).toString()}`, { cookie: user.cookie });
const list = (t: TestApp, user: TestUser) => call(t.app, 'GET', '/api/v1/me/connections', { cookie: user.cookie });
/** The state's row, while it is under way (by its hash, as it is stored). */
const kept = (t: TestApp, state: string) =>
  t.db
    .select()
    .from(oauthStates)
    .where(eq(oauthStates.stateHash, hashToken(state)));
const stored = (t: TestApp, user: TestUser) => t.db.select().from(userConnections).where(eq(userConnections.userId, user.id));

/** Setup, then the provider's authorize page (which approves at once): the code and state it sends back to /connections/{provider}. */
async function authorize(t: TestApp, user: TestUser): Promise<{ code: string; state: string }> {
  return (await authorizeWithUrl(t, user)).grant;
}

async function authorizeWithUrl(t: TestApp, user: TestUser): Promise<{ grant: { code: string; state: string }; authorizeUrl: URL }> {
  const res = await setup(t, user);
  expect(res.statusCode).toBe(200);
  const authorizeUrl = new URL(res.json<{ url: string }>().url);
  const answer = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location') ?? '');
  expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/connections/kick`);
  return { grant: { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' }, authorizeUrl };
}

describe('connections through a configured OAuth provider', () => {
  const provider = withTestOAuthProvider();
  const ctx = withTestApp(() => ({
    PUBLIC_URL,
    KICK_CLIENT_ID: provider.clientId,
    KICK_CLIENT_SECRET: provider.clientSecret,
    KICK_AUTHORIZE_URL: `${provider.url}/authorize`,
    KICK_TOKEN_URL: `${provider.url}/token`,
    KICK_USER_URL: `${provider.url}/user`,
    OAUTH_TIMEOUT_MS: '1500',
  }));

  it('links the account: setup gives the authorize URL with state and S256 challenge, the callback stores what the provider tells', async () => {
    const user = await makeUser(ctx.app);
    const since = ctx.events.mark();
    const {
      grant: { code, state },
      authorizeUrl,
    } = await authorizeWithUrl(ctx, user);
    const q = authorizeUrl.searchParams;
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${provider.url}/authorize`);
    expect(Object.fromEntries(q)).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: `${PUBLIC_URL}/connections/kick`,
      scope: 'user:read',
      code_challenge_method: 'S256',
    });
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    // The state is kept only as its hash, with the verifier, for 10 minutes.
    const [row] = await kept(ctx, state);
    expect(row).toMatchObject({ userId: user.id, provider: 'kick' });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(9 * 60_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(10 * 60_000 + 1000);

    const res = await callback(ctx, user, { code, state });
    expect(res.statusCode).toBe(200);
    const { connection } = res.json<{ connection: { id: string } }>();
    expect(connection).toMatchObject({ provider: 'kick', providerUserId: '4242', username: 'StreamerOne' });
    expect(await stored(ctx, user)).toEqual([
      expect.objectContaining({ id: connection.id, provider: 'kick', providerUserId: '4242', username: 'StreamerOne' }),
    ]);
    expect(await kept(ctx, state)).toEqual([]);
    expect((await list(ctx, user)).json()).toEqual({ success: true, connections: [connection] });
    const me = await call(ctx.app, 'GET', '/api/me', { cookie: user.cookie });
    expect(me.json<{ user: { connections: unknown } }>().user.connections).toEqual([connection]);
    const event = await ctx.events.waitFor('CONNECTIONS_UPDATED', { since, where: (e) => e.audience.kind === 'users' && e.audience.userIds.includes(user.id) });
    expect(event.event.data.connections).toEqual([connection]);
  });

  it('answers on the /api/me aliases too, and links again in place of the earlier account', async () => {
    const user = await makeUser(ctx.app);
    const first = await authorize(ctx, user);
    expect((await callback(ctx, user, first)).statusCode).toBe(200);
    provider.account = { id: 777, name: 'SecondAccount' };
    try {
      const res = await setup(ctx, user, 'kick', '/api/me/connections');
      expect(res.statusCode).toBe(200);
      const second = await authorize(ctx, user);
      const answer = await call(ctx.app, 'GET', `/api/me/connections/kick/callback?${new URLSearchParams(second).toString()}`, { cookie: user.cookie });
      expect(answer.statusCode).toBe(200);
      expect(await stored(ctx, user)).toEqual([expect.objectContaining({ provider: 'kick', providerUserId: '777', username: 'SecondAccount' })]);
    } finally {
      provider.account = { id: 4242, name: 'StreamerOne' };
    }
  });

  it('spends the state once: the same callback again is refused and changes nothing', async () => {
    const user = await makeUser(ctx.app);
    const { code, state } = await authorize(ctx, user);
    expect((await callback(ctx, user, { code, state })).statusCode).toBe(200);
    await call(ctx.app, 'DELETE', '/api/v1/me/connections/kick', { cookie: user.cookie });
    const again = await callback(ctx, user, { code, state });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, code: 'connection_state_invalid' });
    expect(await stored(ctx, user)).toEqual([]);
  });

  it("refuses another user's state without spending it", async () => {
    const [owner, other] = [await makeUser(ctx.app), await makeUser(ctx.app)];
    const { code, state } = await authorize(ctx, owner);
    const stolen = await callback(ctx, other, { code, state });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ code: 'connection_state_invalid' });
    expect(await stored(ctx, other)).toEqual([]);
    expect((await callback(ctx, owner, { code, state })).statusCode).toBe(200);
  });

  it('refuses an expired state, and a state of another provider', async () => {
    const user = await makeUser(ctx.app);
    const { code, state } = await authorize(ctx, user);
    const wrongProvider = await callback(ctx, user, { code, state }, 'twitch');
    expect(wrongProvider.json()).toMatchObject({ code: 'connection_state_invalid' });
    await ctx.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.stateHash, hashToken(state)));
    const expired = await callback(ctx, user, { code, state });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'connection_state_invalid' });
    expect(await stored(ctx, user)).toEqual([]);
  });

  it('is refused by the provider when the verifier does not match the challenge (PKCE)', async () => {
    const user = await makeUser(ctx.app);
    const { code, state } = await authorize(ctx, user);
    await ctx.db
      .update(oauthStates)
      .set({ codeVerifier: 'x'.repeat(43) })
      .where(eq(oauthStates.stateHash, hashToken(state)));
    const before = provider.refusals.length;
    const res = await callback(ctx, user, { code, state });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'connection_code_invalid' });
    expect(provider.refusals.slice(before)).toEqual(['code_verifier']);
    expect(await stored(ctx, user)).toEqual([]);
  });

  it('says so when the user cancelled at the provider, and spends the state', async () => {
    const user = await makeUser(ctx.app);
    const { state } = await authorize(ctx, user);
    const res = await callback(ctx, user, { error: 'access_denied', state });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'connection_denied' });
    expect(await kept(ctx, state)).toEqual([]);
  });

  it.each([
    ['the token endpoint fails', 'token', 'error', 502, 'connection_provider_failed'],
    ['the token endpoint answers nonsense', 'token', 'malformed', 502, 'connection_provider_failed'],
    ['the user endpoint fails', 'user', 'error', 502, 'connection_provider_failed'],
    ['the user endpoint answers another shape', 'user', 'malformed', 502, 'connection_provider_failed'],
    ['the token endpoint does not answer in time', 'token', 'hang', 504, 'connection_provider_timeout'],
  ] as const)('answers a clear error when %s, storing nothing', async (_what, endpoint, mode, status, code) => {
    const user = await makeUser(ctx.app);
    const grant = await authorize(ctx, user);
    provider[endpoint === 'token' ? 'tokenMode' : 'userMode'] = mode;
    try {
      const res = await callback(ctx, user, grant);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ success: false, code });
    } finally {
      provider.tokenMode = provider.userMode = 'normal';
    }
    expect(await stored(ctx, user)).toEqual([]);
  });

  it("keeps only the user's 5 newest authorisations under way", async () => {
    const user = await makeUser(ctx.app);
    const states: string[] = [];
    for (let i = 0; i < 7; i++) states.push(new URL((await setup(ctx, user)).json<{ url: string }>().url).searchParams.get('state') ?? '');
    const rows = await ctx.db.select().from(oauthStates).where(eq(oauthStates.userId, user.id));
    expect(rows.map((r) => r.stateHash).sort()).toEqual(states.slice(2).map(hashToken).sort());
  });

  it('accepts only kick and twitch', async () => {
    const user = await makeUser(ctx.app);
    for (const path of ['/api/v1/me/connections/youtube/setup', '/api/v1/me/connections/discord/callback?code=a&state=b', '/api/v1/me/connections/Kick']) {
      const res = await call(ctx.app, path.endsWith('Kick') ? 'DELETE' : 'GET', path, { cookie: user.cookie });
      expect(res.statusCode, path).toBe(400);
      expect(JSON.stringify(res.json()), path).toContain('connection_provider_invalid');
    }
    expect(await ctx.db.select().from(oauthStates).where(eq(oauthStates.userId, user.id))).toEqual([]);
  });

  it('is for signed-in users only', async () => {
    for (const path of ['/api/v1/me/connections', '/api/v1/me/connections/kick/setup', '/api/v1/me/connections/kick/callback?code=a&state=b'])
      expect((await call(ctx.app, 'GET', path)).statusCode, path).toBe(401);
  });

  it('unlinks: the row goes, the sessions are told, a second unlink is 404', async () => {
    const user = await makeUser(ctx.app);
    expect((await callback(ctx, user, await authorize(ctx, user))).statusCode).toBe(200);
    const since = ctx.events.mark();
    const res = await call(ctx.app, 'DELETE', '/api/v1/me/connections/kick', { cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    expect(await stored(ctx, user)).toEqual([]);
    const event = await ctx.events.waitFor('CONNECTIONS_UPDATED', { since });
    expect(event).toMatchObject({ audience: { kind: 'users', userIds: [user.id] }, event: { data: { connections: [] } } });
    const again = await call(ctx.app, 'DELETE', '/api/v1/me/connections/kick', { cookie: user.cookie });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'connection_not_found' });
  });
});
