import type { Executor } from '../db/client';
import type { Publisher } from './events';

/**
 * What every service gets, first argument, always: the database handle (or an open transaction)
 * and the publisher of events (it publishes after its own commit).
 */
export interface ServiceDeps extends Publisher {
  db: Executor;
}
