import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. `user`, the default: signed in (401 otherwise, before anything else is
 * read). `public`: anyone; the handler still learns the user when one is signed in.
 */
export type EndpointAuth = 'user' | 'public';

/** Per-client-address limits of the server's configuration (RATE_LIMIT_<NAME>), counted before the input is read. */
export type RateLimitName = 'register' | 'login';

/**
 * One API call, declared once: the server registers it (validating input and serialising output
 * with these schemas), the web client calls it, and docs/api.md and /api/openapi.json are generated
 * from it. The first path is the canonical one; the others are the spec's aliases (with or without
 * `/v1/`), which reach the same handler.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends EndpointAuth = EndpointAuth,
> {
  method: HttpMethod;
  paths: readonly [string, ...string[]];
  /** One line for the route list and OpenAPI. */
  summary: string;
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  /** The success answer's schema; `status` is its code (200 unless said). */
  response: R;
  status: 200 | 201;
  /** Largest body in bytes (BODY_LIMIT.DEFAULT when absent); Fastify refuses a larger one with 413 before reading it whole. */
  bodyLimit?: number;
  rateLimit?: RateLimitName;
}

type EndpointInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, A extends EndpointAuth> = Omit<
  Endpoint<P, Q, B, R, A>,
  'auth' | 'status'
> & { auth?: A; status?: 200 | 201 };

/** Declare an endpoint: signed-in users only unless `auth: 'public'`, status 200 unless said. */
export function defineEndpoint<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
  A extends EndpointAuth = 'user',
>(input: EndpointInput<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  return { ...input, auth: input.auth ?? ('user' as A), status: input.status ?? 200 };
}

/** Byte limits that endpoints name (the server enforces them before reading a body whole). */
export const BODY_LIMIT = {
  /** Calls without a body, or with a few ids or flags. */
  SMALL: 2 * 1024,
  /** Login and registration: e-mail, password, captcha payload (≤ 4 KB), a few small fields. */
  AUTH: 8 * 1024,
  /** A message: up to 5,000 characters, each up to 6 bytes as a JSON \u escape, plus nonce and ids. */
  MESSAGE: 64 * 1024,
  /** Any route that names none. */
  DEFAULT: 16 * 1024,
} as const;
