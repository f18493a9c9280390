import type { z } from 'zod';
import type { RATE_LIMITS } from '../limits';
import type { ChannelPermissionName, TeamPermissionName } from '../permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. `user`, the default: signed in (401 otherwise, before anything else is
 * read). `public`: anyone; the handler still learns the user when one is signed in.
 */
export type EndpointAuth = 'user' | 'public';

/** Per-client-address limits of the server's configuration (RATE_LIMIT_<NAME>), counted before the input is read. */
export type RateLimitName = 'register' | 'login' | 'passwordReset' | 'securityReport';

/**
 * Per-user limits (RATE_LIMITS of limits.ts), counted per signed-in user once the permission and
 * the input are checked (a refused call costs nothing). Endpoints that name the same one share its
 * count (adding and taking back reactions; every change that a user's circle hears of).
 */
export type UserRateLimitName = keyof typeof RATE_LIMITS;

/** Where the server reads a team's or channel's id: a path parameter or a field of the (validated) body. */
export type IdSource = `params.${string}` | `body.${string}`;

/**
 * What the caller must hold, checked by the server before the handler runs (apps/server
 * src/modules/permissions/require.ts; docs/permissions.md):
 * - `{ team: bit }` — a member of the team holding the team permission; `'member'`: any member;
 *   `'owner'`: its creator. The id is `params.teamId` unless `from` says otherwise. Not a member,
 *   or no such team: 404 team_not_found.
 * - `{ channel: bit }` — VIEW_CHANNEL and the channel permission on a channel of a team the caller
 *   belongs to (`params.channelId` unless `from` says). Missing, a category, or not a member: 404
 *   channel_not_found; a bit that the channel's type does not have: 400. When the path also names
 *   `:teamId`, the channel must be in that team. A direct chat is served when the bit is one of a
 *   DM's (VIEW_CHANNEL, SEND_MESSAGES, CAN_SEE_MESSAGE_HISTORY), or with `dm: 'member'` for any
 *   other bit: then every member of the chat may (pinning: MANAGE_MESSAGES in a team channel, any
 *   member in a direct chat).
 * - `{ none: reason }` — a route that names a team or channel but needs nothing of the caller's
 *   access, and why (a test requires one of the three wherever a teamId or channelId is taken).
 */
export type EndpointPermission =
  { team: TeamPermissionName | 'member' | 'owner'; from?: IdSource } | { channel: ChannelPermissionName; from?: IdSource; dm?: 'member' } | { none: string };

/** The id source of a team or channel requirement, its default filled in. */
export function permissionSource(permission: Exclude<EndpointPermission, { none: string }>): { part: 'params' | 'body'; key: string } {
  const from = permission.from ?? ('team' in permission ? 'params.teamId' : 'params.channelId');
  const dot = from.indexOf('.');
  return { part: from.slice(0, dot) as 'params' | 'body', key: from.slice(dot + 1) };
}

/** The requirement in words, for docs/api.md and the OpenAPI document: "channel SEND_MESSAGES", "team member (body.teamId)". */
export function describePermission(permission: EndpointPermission | undefined): string {
  if (!permission) return '';
  if ('none' in permission) return `none: ${permission.none}`;
  const { part, key } = permissionSource(permission);
  const [scope, need] = 'team' in permission ? ['team', permission.team] : ['channel', permission.channel];
  const where = `${part}.${key}` === `params.${scope}Id` ? '' : ` (${part}.${key})`;
  const dm = 'channel' in permission && permission.dm === 'member' ? '; any member in a direct chat' : '';
  return `${scope} ${need}${where}${dm}`;
}

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
  X extends EndpointPermission | undefined = EndpointPermission | undefined,
> {
  method: HttpMethod;
  paths: readonly [string, ...string[]];
  /** One line for the route list and OpenAPI. */
  summary: string;
  auth: A;
  /** What the caller must hold (see EndpointPermission); absent: being signed in (or nothing, if public) is enough. */
  permission?: X;
  params?: P;
  query?: Q;
  body?: B;
  /** The success answer's schema; `status` is its code (200 unless said). */
  response: R;
  status: 200 | 201;
  /** Largest body in bytes (BODY_LIMIT.DEFAULT when absent); Fastify refuses a larger one with 413 before reading it whole. */
  bodyLimit?: number;
  rateLimit?: RateLimitName;
  /** Counted per signed-in user (429 with Retry-After past it): every endpoint whose effect others hear of names one. */
  userRateLimit?: UserRateLimitName;
}

type EndpointInput<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  A extends EndpointAuth,
  X extends EndpointPermission | undefined,
> = Omit<Endpoint<P, Q, B, R, A, X>, 'auth' | 'status'> & { auth?: A; status?: 200 | 201 };

/** The keys of an object schema (zod's `shape`), or null for any other schema. */
function schemaKeys(schema: z.ZodType | undefined): string[] | null {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : null;
}

/** Refuse, when the module loads, a permission that cannot be checked as declared. */
function checkPermission(input: EndpointInput<z.ZodType, z.ZodType, z.ZodType, z.ZodType, EndpointAuth, EndpointPermission | undefined>): void {
  const { permission, paths } = input;
  if (!permission) return;
  const where = `${input.method} ${paths[0]}`;
  if ('none' in permission) {
    if (!permission.none.trim()) throw new Error(`${where}: permission { none } needs the reason`);
    return;
  }
  if (input.auth === 'public') throw new Error(`${where}: a public endpoint cannot require a team or channel permission`);
  const { part, key } = permissionSource(permission);
  if (part === 'params') {
    const missing = paths.filter((path) => !path.split('/').includes(`:${key}`));
    if (missing.length) throw new Error(`${where}: the permission reads params.${key}, which ${missing.join(', ')} does not name`);
  }
  const keys = schemaKeys(part === 'params' ? input.params : input.body);
  if (!keys?.includes(key)) throw new Error(`${where}: the permission reads ${part}.${key}, which the ${part} schema does not name`);
}

/**
 * Declare an endpoint: signed-in users only unless `auth: 'public'`, status 200 unless said. A
 * declared permission is checked here, when the module loads: its id must be a parameter of every
 * path and of the params schema, or a field of the body schema; a per-user limit needs a signed-in
 * endpoint.
 */
export function defineEndpoint<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
  A extends EndpointAuth = 'user',
  const X extends EndpointPermission | undefined = undefined,
>(input: EndpointInput<P, Q, B, R, A, X>): Endpoint<P, Q, B, R, A, X> {
  checkPermission(input);
  if (input.userRateLimit && input.auth === 'public') throw new Error(`${input.method} ${input.paths[0]}: a public endpoint cannot count per user`);
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
