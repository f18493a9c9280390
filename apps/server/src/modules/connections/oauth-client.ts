import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { PROVIDER_RULES, type ProviderClient, type ProviderIdentity } from './providers';

const providerFailed = () => new AppError(502, 'connection_provider_failed');

const tokenAnswer = z.object({ access_token: z.string().min(1).max(4096) });

/** One request to the provider, given up after `timeoutMs` (504 connection_provider_timeout); unreachable: 502. */
async function send(client: ProviderClient, url: string, init: RequestInit, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await client.fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) throw new AppError(504, 'connection_provider_timeout');
    throw providerFailed();
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch (err) {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) throw new AppError(504, 'connection_provider_timeout');
  }
  return { status: response.status, body };
}

/**
 * Exchange the authorisation code for an access token (RFC 6749 §4.1.3, with the PKCE verifier of
 * RFC 7636 §4.5; client id and secret in the form, as Kick and Twitch take them). A refusal of the
 * code (400 or 401: wrong, spent or expired code, or a verifier that does not match the challenge)
 * is 400 connection_code_invalid; anything else unexpected is 502 connection_provider_failed.
 */
export async function exchangeCode(
  client: ProviderClient,
  input: { code: string; codeVerifier: string; redirectUri: string },
  timeoutMs: number,
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    code_verifier: input.codeVerifier,
  });
  const { status, body } = await send(
    client,
    client.tokenUrl,
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form.toString() },
    timeoutMs,
  );
  if (status === 400 || status === 401) throw new AppError(400, 'connection_code_invalid');
  const parsed = tokenAnswer.safeParse(body);
  if (status !== 200 || !parsed.success) throw providerFailed();
  return parsed.data.access_token;
}

/** Who the access token belongs to, read from the provider's user endpoint and checked against its documented shape. */
export async function fetchIdentity(client: ProviderClient, accessToken: string, timeoutMs: number): Promise<ProviderIdentity> {
  const rules = PROVIDER_RULES[client.provider];
  const { status, body } = await send(
    client,
    client.userUrl,
    { method: 'GET', headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...rules.userHeaders(client) } },
    timeoutMs,
  );
  const parsed = rules.identity.safeParse(body);
  if (status !== 200 || !parsed.success) throw providerFailed();
  return parsed.data;
}
