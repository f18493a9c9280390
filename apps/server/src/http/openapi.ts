import { z } from 'zod';
import { errorResponseSchema, CSRF_HEADER } from '@rally/shared/api/common';
import { describePermission, permissionSource, type Endpoint, type EndpointPermission } from '@rally/shared/api/endpoint';
import { ENDPOINTS } from '@rally/shared/api/endpoints';
import { SESSION_COOKIE } from '../modules/auth/authenticate';

type JsonSchema = Record<string, unknown>;

/** A request part's JSON Schema (what a client sends: the input side of transforms). */
const inputSchema = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
const outputSchema = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' });

function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/** `in: path` / `in: query` parameters from an object schema's properties. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = withoutDialect(inputSchema(schema));
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: property }));
}

/** `x-rally-permission`: the declaration with the id's source filled in (`from`), for clients that read it. */
function permissionExtension(permission: EndpointPermission | undefined): JsonSchema {
  if (!permission) return {};
  if ('none' in permission) return { 'x-rally-permission': permission };
  const { part, key } = permissionSource(permission);
  return { 'x-rally-permission': { ...permission, from: `${part}.${key}` } };
}

function operation(name: string, endpoint: Endpoint): JsonSchema {
  const aliases = endpoint.paths.slice(1);
  const permission = describePermission(endpoint.permission);
  const description = [aliases.length ? `Also at ${aliases.join(', ')}.` : '', permission ? `Permission: ${permission}.` : ''].filter(Boolean).join(' ');
  const params = [...parameters(endpoint.params, 'path'), ...parameters(endpoint.query, 'query')];
  if (endpoint.method !== 'GET')
    params.push({
      name: CSRF_HEADER,
      in: 'header',
      required: true,
      schema: { type: 'string' },
      description: 'Any value: proves the call comes from a script of an allowed origin (CSRF defence)',
    });
  return {
    operationId: name,
    summary: endpoint.summary,
    ...(description ? { description } : {}),
    security: endpoint.auth === 'user' ? [{ session: [] }] : [],
    ...permissionExtension(endpoint.permission),
    ...(params.length ? { parameters: params } : {}),
    ...(endpoint.body ? { requestBody: { required: true, content: { 'application/json': { schema: withoutDialect(inputSchema(endpoint.body)) } } } } : {}),
    responses: {
      [String(endpoint.status)]: { description: 'Success', content: { 'application/json': { schema: withoutDialect(outputSchema(endpoint.response)) } } },
      default: {
        description: 'Failure: { success: false, message, code, errors? }',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  };
}

/** The OpenAPI 3.1 document of every endpoint object (ENDPOINTS), with the session cookie as the security scheme. */
export function buildOpenApi(info: { version: string; serverUrl: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
    const path = endpoint.paths[0].replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(name, endpoint);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Rally API', version: info.version, description: 'Generated from the endpoint objects of packages/shared (see docs/api.md).' },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      schemas: { Error: withoutDialect(outputSchema(errorResponseSchema)) },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set by login or register' } },
    },
  };
}
