import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler, RouteHandlerMethod } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint, EndpointAuth, EndpointPermission, RateLimitName } from '@rally/shared/api/endpoint';
import type { Config } from '../env';
import { unauthorized } from '../lib/errors';
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

/**
 * Register an endpoint object on every one of its paths. Before its input is read: the sign-in
 * (401 on a user endpoint) and the per-address rate limit. Fastify then validates params, query and
 * body with the endpoint's schemas (the zod type provider; refusals become the API's 400 in the
 * error handler). Before the handler, its declared permission is checked through the request's
 * AccessCache (modules/permissions/require.ts), and what it loaded is handed to the handler. The
 * answer is serialised with the response schema, so a handler cannot send a field the contract
 * does not name.
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
  const guard = async (request: FastifyRequest): Promise<void> => {
    if (endpoint.auth === 'user' && !request.userId) throw unauthorized();
    if (rate) await countAttempt(app.rateLimiter, `${rate.name}:${requestClientAddress(app.config, request)}`, rate);
  };
  const { permission } = endpoint;
  const handle: RouteHandlerMethod = async (request, reply) => {
    const accessCache = new AccessCache(app.db);
    let granted: unknown = {};
    if (permission) {
      // Declared on signed-in endpoints only (defineEndpoint refuses a team or channel permission on a public one).
      if (!request.userId) throw unauthorized();
      granted = await requirePermission(accessCache, request.userId, permission, request);
    }
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
      ...(bodySchemaFor ? { preValidation: async (request: FastifyRequest) => void parse(bodySchemaFor(request), request.body) } : {}),
      handler: handle,
    });
  }
}
