import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ROUTES } from './routes';

/** ok, or 503 when the database does not answer; with HEALTH_DETAILS, the deployment's kinds (for operators). */
export const healthResponseSchema = z.object({
  success: z.literal(true),
  database: z.enum(['pglite', 'postgres']).optional(),
  bus: z.enum(['memory', 'redis']).optional(),
  connections: z.number().int().optional(),
});

export const regionResponseSchema = z.object({
  success: z.literal(true),
  allowed: z.boolean(),
  location: z.enum(['TR', 'other']),
});

export const healthEndpoint = defineEndpoint({
  ...ROUTES.health,
  summary: 'Liveness: ok when the server and its database answer',
  auth: 'public',
  response: healthResponseSchema,
});

export const regionEndpoint = defineEndpoint({
  ...ROUTES.region,
  summary: "The visitor's region as the server sees it (answers blocked regions too)",
  auth: 'public',
  response: regionResponseSchema,
});

/** The OpenAPI 3.1 document of this API, generated from the endpoint objects. */
export const openApiEndpoint = defineEndpoint({
  ...ROUTES.openApi,
  summary: 'This API as an OpenAPI 3.1 document (generated from the same endpoint objects)',
  auth: 'public',
  response: z.looseObject({ openapi: z.string() }),
});
