import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { text } from './text';

/**
 * Accounts of other services linked to a Rally account (spec 000 §2 Connections, §3 User
 * connections, §7): Kick and Twitch, through OAuth 2.0 with state and PKCE. Only these two exist;
 * any other provider is refused (and /connections/{other} goes home).
 */
export const CONNECTION_PROVIDERS = ['kick', 'twitch'] as const;
export type ConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

export const connectionProviderSchema = z.enum(CONNECTION_PROVIDERS, { error: 'connection_provider_invalid' });

/** One linked account: the provider's own id and name of it, as the provider told them when it was linked. */
export const connectionSchema = z.object({
  id: z.string(),
  provider: connectionProviderSchema,
  providerUserId: z.string(),
  username: z.string(),
  createdAt: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const connectionParamsSchema = z.object({ provider: connectionProviderSchema });

/** Setup: the provider's authorisation address to open in a new tab (state and PKCE challenge in it). */
export const connectionSetupResponseSchema = z.object({ success: z.literal(true), url: z.string() });

/**
 * What the provider sent back to /connections/{provider}: the code and the state, or an `error`
 * (access_denied when the user cancelled) with the state. Bounded like any input.
 */
export const connectionCallbackQuerySchema = z.object({
  state: text({ max: 256, error: 'connection_state_invalid' }).min(1, 'connection_state_invalid'),
  code: text({ max: 2048, error: 'connection_code_invalid' }).min(1, 'connection_code_invalid').optional(),
  error: text({ max: 256 }).optional(),
});
export type ConnectionCallbackQuery = z.infer<typeof connectionCallbackQuerySchema>;

export const connectionResponseSchema = z.object({ success: z.literal(true), connection: connectionSchema });
export const connectionsResponseSchema = z.object({ success: z.literal(true), connections: z.array(connectionSchema) });

export const listConnectionsEndpoint = defineEndpoint({
  ...ROUTES.listConnections,
  summary: "The signed-in user's linked accounts (Kick, Twitch)",
  response: connectionsResponseSchema,
});

export const connectionSetupEndpoint = defineEndpoint({
  ...ROUTES.connectionSetup,
  summary: 'Start linking a Kick or Twitch account: the authorisation URL (state and PKCE challenge kept for 10 minutes), to open in a new tab',
  params: connectionParamsSchema,
  response: connectionSetupResponseSchema,
});

export const connectionCallbackEndpoint = defineEndpoint({
  ...ROUTES.connectionCallback,
  summary: "Finish linking: spends the state (the caller's own, once, within 10 minutes), exchanges the code with the PKCE verifier and stores the account",
  params: connectionParamsSchema,
  query: connectionCallbackQuerySchema,
  response: connectionResponseSchema,
});

export const deleteConnectionEndpoint = defineEndpoint({
  ...ROUTES.deleteConnection,
  summary: "Unlink the signed-in user's account of a provider",
  params: connectionParamsSchema,
  response: z.object({ success: z.literal(true) }),
});
