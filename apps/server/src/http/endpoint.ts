import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler, RouteHandlerMethod } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionSource, type Endpoint, type EndpointAuth, type EndpointPermission, type RateLimitName } from '@rally/shared/api/endpoint';
import { RATE_LIMITS } from '@rally/shared/limits';
import type { Config } from '../env';
import { tooManyRequests, unauthorized } from '../lib/errors';
import { userRateKey } from '../lib/rate-limit';
import type { ServiceDeps } from '../lib/service-deps';
import { parse, validationError } from '../lib/validation';
import { countAttempt } from '../modules/auth/throttle';
import { AccessCache } from '../modules/permissions/cache';
import { requirePermission, type Granted } from '../modules/permissions/require';
import type { SignedInUser } from '../modules/users/repository';
import { requestClientAddress } from './client-address';

/**
 * What a handler gets: the validated input, the caller (id and user row, both read with the
 * session), the services' dependencies (with this request's access cache), the request and reply
 * for cookies and headers, and what the endpoint's permission loaded: `access` for a team
 * permission, `access` and `channel` for a channel one.
 */
export type EndpointContext<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, A extends EndpointAuth, X extends EndpointPermission | undefined> = {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  /** The signed-in user's id; on a public endpoint, null when nobody is signed in. */
  userId: A extends 'user' ? string : string | null;
  /** The signed-in user's row (but the password hash), read with the session; null as userId is. */
  user: A extends 'user' ? SignedInUser : SignedInUser | null;
  deps: ServiceDeps;
  request: FastifyRequest;
  reply: FastifyReply;
} & Granted<X>;

export type EndpointHandler<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  A extends EndpointAuth,
  X extends EndpointPermission | undefined,
> = (context: EndpointContext<P, Q, B, A, X>) => Promise<z.input<R>> | z.input<R>;

/**
 * Fastify validates each part of a request with the endpoint's zod schema; a refusal is the API's
 * 400 with field errors (lib/validation.ts), exactly as a handler's own parse() would throw it. A
 * missing body is read as {} so that every required field is named.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(httpPart === 'body' ? (data ?? {}) : data);
    return result.success ? { value: result.data } : { error: validationError(result.error.issues) };
  };

/** Answers are serialised by the zod type provider with the endpoint's response schema: fields it does not name are dropped. */
export function useEndpointCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

function rateOf(config: Config, name: RateLimitName): { count: number; windowMs: number } {
  switch (name) {
    case 'register':
      return config.RATE_LIMIT_REGISTER;
    case 'login':
      return config.RATE_LIMIT_LOGIN;
    case 'passwordReset':
      return config.RATE_LIMIT_PASSWORD_RESET;
    case 'securityReport':
      return config.RATE_LIMIT_SECURITY_REPORT;
  }
}

/** Some fields of an object schema, as an object schema of their own; null when it has none of them. */
function fieldsSchema(schema: z.ZodType | undefined, keys: readonly string[]): z.ZodType | null {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType | undefined>) : {};
  const fields = keys.flatMap((key) => {
    const field = shape[key];
    return field ? [[key, field] as const] : [];
  });
  return fields.length ? z.object(Object.fromEntries(fields)) : null;
}

/**
 * What a declared permission reads, as schemas of their own, checked before the permission and the
 * permission before the rest of the input: its id (`params.teamId`, `params.channelId`,
 * `body.teamId`, …) and, for a channel permission, the path's `teamId` when it names one
 * (requirePermission matches the channel's team with it). These are the endpoint's own field
 * schemas (defineEndpoint checked that the id is one), so an id is refused exactly as the full
 * validation would refuse it.
 */
function permissionInput(endpoint: Endpoint, permission: Exclude<EndpointPermission, { none: string }>) {
  const { part, key } = permissionSource(permission);
  const paramKeys = [...(part === 'params' ? [key] : []), ...('channel' in permission ? ['teamId'] : [])];
  return { params: fieldsSchema(endpoint.params, paramKeys), body: part === 'body' ? fieldsSchema(endpoint.body, [key]) : null };
}

/** The part of a request's input in a permission's schema, or the API's 400 naming the field. */
function permissionPart(schema: z.ZodType | null, value: unknown): unknown {
  if (!schema) return {};
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}

/** What addEndpoint's permission hook hands the handler of the same request. */
interface Checked {
  accessCache: AccessCache;
  granted: unknown;
}
const checkedRequests = new WeakMap<FastifyRequest, Checked>();

/**
 * Register an endpoint object on every one of its paths. Before its input is read: the sign-in
 * (401 on a user endpoint) and the per-address rate limit (429 with Retry-After). Then who may act
 * before what they sent: the ids the declared permission reads are validated on their own and the
 * permission is checked through the request's AccessCache (modules/permissions/require.ts: 404 for
 * a non-member, 403 without the bit), so that a caller without it learns nothing of what their
 * input would have met; only then does Fastify validate params, query and body with the endpoint's
 * schemas (the zod type provider; refusals become the API's 400 in the error handler). A call that
 * passed all that counts against the endpoint's per-user limit (429 with Retry-After; a user already
 * refused in the window is answered 429 first thing, so a flood of refused calls costs no permission
 * check and no counter round trip), and the
 * handler gets what the permission loaded. The answer is serialised with the response schema, so a
 * handler cannot send a field the contract does not name.
 */
export interface EndpointOptions<B extends z.ZodType> {
  /**
   * When the body's rules depend on the request (registration from TR must carry the consent box),
   * the schema for this request: a stricter variant of the endpoint's body schema, checked before it
   * so that the 400 names every field at once.
   */
  bodySchemaFor?: (request: FastifyRequest) => z.ZodType<z.output<B>>;
}

export function addEndpoint<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  A extends EndpointAuth,
  X extends EndpointPermission | undefined,
>(app: FastifyInstance, endpoint: Endpoint<P, Q, B, R, A, X>, handler: EndpointHandler<P, Q, B, R, A, X>, options: EndpointOptions<B> = {}): void {
  const { bodySchemaFor } = options;
  const rate = endpoint.rateLimit ? { name: endpoint.rateLimit, ...rateOf(app.config, endpoint.rateLimit) } : null;
  const userRate = endpoint.userRateLimit ? { name: endpoint.userRateLimit, ...RATE_LIMITS[endpoint.userRateLimit] } : null;
  const guard = async (request: FastifyRequest): Promise<void> => {
    if (endpoint.auth === 'user' && !request.userId) throw unauthorized();
    if (rate) await countAttempt(app.rateLimiter, `${rate.name}:${requestClientAddress(app.config, request)}`, rate);
    // A user this process has refused is answered at once, before the permission and the input
    // cost anything, and without asking the limiter (a flood of refused calls stays cheap).
    if (userRate && request.userId) {
      const wait = app.rateLimiter.refusedFor(userRateKey(userRate.name, request.userId));
      if (wait > 0) throw tooManyRequests(wait);
    }
  };
  const countUser = async (request: FastifyRequest): Promise<void> => {
    if (userRate && request.userId) await countAttempt(app.rateLimiter, userRateKey(userRate.name, request.userId), userRate);
  };
  const { permission } = endpoint;
  const checked = permission && !('none' in permission) ? { permission, input: permissionInput(endpoint, permission) } : null;
  const checkPermission = async (request: FastifyRequest): Promise<void> => {
    if (!checked) return;
    // Declared on signed-in endpoints only (defineEndpoint refuses a team or channel permission on a public one).
    if (!request.userId) throw unauthorized();
    const params = permissionPart(checked.input.params, request.params);
    const body = permissionPart(checked.input.body, request.body);
    const accessCache = new AccessCache(app.db);
    const granted = await requirePermission(accessCache, request.userId, checked.permission, { params, body });
    checkedRequests.set(request, { accessCache, granted });
  };
  const handle: RouteHandlerMethod = async (request, reply) => {
    const { accessCache, granted } = checkedRequests.get(request) ?? { accessCache: new AccessCache(app.db), granted: {} };
    const context = {
      params: request.params as z.output<P>,
      query: request.query as z.output<Q>,
      body: request.body as z.output<B>,
      userId: request.userId as A extends 'user' ? string : string | null,
      user: request.user as A extends 'user' ? SignedInUser : SignedInUser | null,
      deps: { db: app.db, bus: app.bus, log: request.log, accessCache },
      request,
      reply,
      ...(granted as object),
    } as EndpointContext<P, Q, B, A, X>;
    const result = await handler(context);
    return reply.status(endpoint.status).send(result);
  };
  const preValidation = [checkPermission, ...(bodySchemaFor ? [async (request: FastifyRequest) => void parse(bodySchemaFor(request), request.body)] : [])];
  for (const url of endpoint.paths) {
    app.route({
      method: endpoint.method,
      url,
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      schema: {
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: { [endpoint.status]: endpoint.response },
      },
      onRequest: guard,
      preValidation,
      ...(userRate ? { preHandler: countUser } : {}),
      handler: handle,
    });
  }
}
