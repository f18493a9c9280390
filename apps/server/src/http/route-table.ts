import type { FastifyInstance, HTTPMethods } from 'fastify';

/** One route as the server registered it. */
export interface RouteEntry {
  method: HTTPMethods;
  /** The path pattern, with `:name` parameters. */
  url: string;
  /** The route's own body limit in bytes, when it sets one. */
  bodyLimit?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, in registration order (tests walk it: the fuzz test, docs). */
    routeTable: RouteEntry[];
  }
}

/** Record every route registered from now on (call before registering routes). */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method, url: route.url, ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}) });
  });
}
