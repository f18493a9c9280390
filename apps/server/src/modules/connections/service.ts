import type { Connection, ConnectionCallbackQuery, ConnectionProvider } from '@rally/shared/api/connections';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { publishEvent } from '../../lib/events';
import type { ServiceDeps } from '../../lib/service-deps';
import { newId } from '../../lib/snowflake';
import { hashToken } from '../auth/session-repository';
import { exchangeCode, fetchIdentity } from './oauth-client';
import { randomToken, s256Challenge } from './pkce';
import type { ProviderClient } from './providers';
import {
  deleteExpiredOAuthStates,
  deleteUserConnection,
  insertOAuthState,
  listUserConnections,
  takeOAuthState,
  trimUserOAuthStates,
  upsertConnection,
} from './repository';

/** An authorisation must come back within 10 minutes of its setup. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** At most this many authorisations of one user are under way; a newer setup ends the oldest. */
export const OAUTH_STATES_PER_USER = 5;

/** Where the provider sends the browser back, and how long to wait for its answers. */
export interface CallbackOptions {
  redirectUri: string;
  timeoutMs: number;
}

/**
 * Start linking an account: a random state (kept only as its SHA-256) and PKCE verifier for this
 * user and provider, for 10 minutes (the user's 5 newest only), and the provider's authorisation URL that carries the state and
 * the S256 challenge (RFC 6749 §4.1.1, RFC 7636 §4.3).
 */
export async function startConnection(deps: ServiceDeps, client: ProviderClient, userId: string, redirectUri: string): Promise<string> {
  const state = randomToken();
  const codeVerifier = randomToken();
  const now = new Date();
  await deleteExpiredOAuthStates(deps.db, now);
  await insertOAuthState(deps.db, {
    stateHash: hashToken(state),
    userId,
    provider: client.provider,
    codeVerifier,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
  });
  await trimUserOAuthStates(deps.db, userId, OAUTH_STATES_PER_USER);
  const url = new URL(client.authorizeUrl);
  const params = {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: redirectUri,
    ...(client.scope ? { scope: client.scope } : {}),
    state,
    code_challenge: s256Challenge(codeVerifier),
    code_challenge_method: 'S256',
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/**
 * Finish linking: the state must be this user's, for this provider, unspent and unexpired (it is
 * spent now, whatever follows: 400 connection_state_invalid otherwise, and another user's state is
 * left alone). A cancelled authorisation (`error`) is 400 connection_denied. Then the code is
 * exchanged with the verifier, the account read, and stored in place of an earlier one of the
 * provider. The provider's tokens are not kept: Rally needs only who the account is.
 */
export async function finishConnection(
  deps: ServiceDeps,
  client: ProviderClient,
  userId: string,
  query: ConnectionCallbackQuery,
  options: CallbackOptions,
): Promise<Connection> {
  const taken = await takeOAuthState(deps.db, { stateHash: hashToken(query.state), userId, provider: client.provider });
  if (!taken || taken.expiresAt.getTime() <= Date.now()) throw badRequest('connection_state_invalid');
  if (query.error !== undefined) throw badRequest('connection_denied');
  if (query.code === undefined) throw badRequest('connection_code_invalid');
  const accessToken = await exchangeCode(client, { code: query.code, codeVerifier: taken.codeVerifier, redirectUri: options.redirectUri }, options.timeoutMs);
  const identity = await fetchIdentity(client, accessToken, options.timeoutMs);
  const { connection, connections } = await deps.db.transaction(async (tx) => {
    const saved = await upsertConnection(tx, { id: newId(), userId, provider: client.provider, ...identity, createdAt: new Date() });
    return { connection: saved, connections: await listUserConnections(tx, userId) };
  });
  await publishConnections(deps, userId, connections);
  return connection;
}

export async function listConnections(deps: ServiceDeps, userId: string): Promise<Connection[]> {
  return listUserConnections(deps.db, userId);
}

/** Unlink the user's account of a provider (404 connection_not_found when none is linked). */
export async function removeConnection(deps: ServiceDeps, userId: string, provider: ConnectionProvider): Promise<void> {
  const connections = await deps.db.transaction(async (tx) => {
    if (!(await deleteUserConnection(tx, userId, provider))) throw notFound('connection_not_found');
    return listUserConnections(tx, userId);
  });
  await publishConnections(deps, userId, connections);
}

/** The user's sessions learn the connections as they are now (CONNECTIONS_UPDATED): the settings tab that started the link refreshes. */
async function publishConnections(deps: ServiceDeps, userId: string, connections: Connection[]): Promise<void> {
  await publishEvent(deps, { audience: { kind: 'users', userIds: [userId] }, event: { type: 'CONNECTIONS_UPDATED', data: { connections } } });
}

/** No client id, and the stand-in is not served to this visitor (DEV_PAGES): this server cannot link the provider. */
export const connectionUnavailable = () => new AppError(404, 'connection_unavailable');
