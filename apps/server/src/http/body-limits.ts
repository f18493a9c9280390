/**
 * Largest request body per kind of route, in bytes: declared with each endpoint
 * (packages/shared/src/api/endpoint.ts). Fastify refuses a larger body with 413 before reading it
 * whole, so a route reads no more than it needs (a login is a few hundred bytes, not the megabyte
 * Fastify allows by default). `DEFAULT` is the app's limit for any route that sets none.
 */
export { BODY_LIMIT } from '@rally/shared/api/endpoint';
