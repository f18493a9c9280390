import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ROUTES } from './routes';

/**
 * A signed-in device (GET /api/v1/me/sessions). `id` is derived from the session (never its token
 * or the token's stored hash); `current` marks the session that asks.
 */
export const sessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const SESSION_ID_PATTERN = /^[0-9a-f]{16}$/;
export const sessionParamsSchema = z.object({ sessionId: z.string().max(64, 'session_not_found').regex(SESSION_ID_PATTERN, 'session_not_found') });

export const sessionsResponseSchema = z.object({ success: z.literal(true), sessions: z.array(sessionInfoSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

/** How many sessions a sign-out ended. */
export const signOutResponseSchema = z.object({ success: z.literal(true), ended: z.number().int() });

export const listSessionsEndpoint = defineEndpoint({
  ...ROUTES.listSessions,
  summary: "The caller's signed-in sessions (devices), newest first, the current one marked",
  response: sessionsResponseSchema,
});

export const signOutSessionEndpoint = defineEndpoint({
  ...ROUTES.signOutSession,
  summary: 'Sign one of the caller’s sessions out (404 session_not_found); its gateway connections close',
  params: sessionParamsSchema,
  response: signOutResponseSchema,
});

export const signOutOtherSessionsEndpoint = defineEndpoint({
  ...ROUTES.signOutOtherSessions,
  summary: 'Sign out every session of the caller but the current one; their gateway connections close',
  response: signOutResponseSchema,
});
