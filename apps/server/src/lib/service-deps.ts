import type { Executor } from '../db/client';
import type { AccessCache } from '../modules/permissions/cache';
import type { Publisher } from './events';

/**
 * What every service gets, first argument, always: the database handle (or an open transaction),
 * the publisher of events (it publishes after its own commit), and the request's access cache (the
 * one the endpoint's permission was checked through: reading a team's access again costs nothing).
 * Handlers receive it ready-made as `deps` (http/endpoint.ts).
 */
export interface ServiceDeps extends Publisher {
  db: Executor;
  accessCache: AccessCache;
}
