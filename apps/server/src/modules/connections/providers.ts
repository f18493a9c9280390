import { z } from 'zod';
import type { ConnectionProvider } from '@rally/shared/api/connections';
import { LINE_CONTROL_CHARACTERS } from '@rally/shared/api/text';
import type { Config } from '../../env';

/** What Rally learns of the linked account: the provider's id and name of it. */
export interface ProviderIdentity {
  providerUserId: string;
  username: string;
}

/**
 * How Rally talks to one provider: the browser goes to `authorizeUrl`; the server posts the code to
 * `tokenUrl` and reads the account from `userUrl` through `fetch` (the global one, or, for the
 * built-in stand-in, one that goes through the app itself).
 */
export interface ProviderClient {
  provider: ConnectionProvider;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userUrl: string;
  scope: string;
  /** True for the built-in stand-in (no client id configured), served under /dev/oauth/{provider}. */
  standIn: boolean;
  fetch: typeof fetch;
}

/** A provider's name of an account, bounded before Rally keeps it. */
const accountName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((v) => !LINE_CONTROL_CHARACTERS.test(v));
const accountId = z.union([z.string().min(1).max(64), z.number().int().nonnegative()]).transform(String);

/**
 * The real providers: their endpoints (overridable in the config), the scope that lets Rally read
 * who the user is, the headers of the user request, and the shape of its answer.
 * - Kick (docs.kick.com, OAuth 2.1 with PKCE required): scope user:read; GET /public/v1/users with
 *   the user's token answers { data: [{ user_id, name, email, profile_picture }] }.
 * - Twitch (dev.twitch.tv, authorization code grant flow): no scope is needed to read the user;
 *   GET /helix/users needs the token and a Client-Id header and answers { data: [{ id, login,
 *   display_name, … }] }. Twitch does not document PKCE; Rally sends the challenge and verifier
 *   anyway (an authorization server ignores parameters it does not know, RFC 6749 §3.1), and the
 *   client secret protects the exchange either way.
 */
export const PROVIDER_RULES = {
  kick: {
    scope: 'user:read',
    userHeaders: (_client: ProviderClient): Record<string, string> => ({}),
    identity: z.object({ data: z.array(z.object({ user_id: accountId, name: accountName })).min(1) }).transform(({ data: [user] }) => ({
      providerUserId: user!.user_id,
      username: user!.name,
    })),
  },
  twitch: {
    scope: '',
    userHeaders: (client: ProviderClient): Record<string, string> => ({ 'client-id': client.clientId }),
    identity: z
      .object({ data: z.array(z.object({ id: accountId, login: accountName, display_name: accountName.optional().catch(undefined) })).min(1) })
      .transform(({ data: [user] }) => ({ providerUserId: user!.id, username: user!.display_name ?? user!.login })),
  },
} as const satisfies Record<ConnectionProvider, unknown>;

/** The configured client of a provider (its client id set), or null when it has none: then the built-in stand-in serves it. */
export function configuredClient(config: Config, provider: ConnectionProvider): ProviderClient | null {
  const prefix = provider === 'kick' ? 'KICK' : 'TWITCH';
  const clientId = config[`${prefix}_CLIENT_ID`];
  const clientSecret = config[`${prefix}_CLIENT_SECRET`];
  if (!clientId || !clientSecret) return null;
  return {
    provider,
    clientId,
    clientSecret,
    authorizeUrl: config[`${prefix}_AUTHORIZE_URL`],
    tokenUrl: config[`${prefix}_TOKEN_URL`],
    userUrl: config[`${prefix}_USER_URL`],
    scope: PROVIDER_RULES[provider].scope,
    standIn: false,
    fetch: (input, init) => fetch(input, init),
  };
}

/** Where the provider sends the browser back: the web client's callback page (spec 000 §2 /connections/{provider}). */
export const redirectUri = (config: Pick<Config, 'PUBLIC_URL'>, provider: ConnectionProvider): string =>
  new URL(`/connections/${provider}`, config.PUBLIC_URL).href;
