import type { Logger } from 'drizzle-orm/logger';
import type { Database, DatabaseHandle } from '../../src/db/client';
import * as schema from '../../src/db/schema';

/** Transaction control, which Drizzle sends as statements on node-postgres and PGlite runs itself. */
const TRANSACTION_CONTROL = /^(?:begin|commit|rollback|savepoint|release)\b/i;

/**
 * Every SQL statement that Drizzle sends, in order (its `logger` option; inside transactions too),
 * but transaction control (BEGIN, COMMIT, …), so that both engines count alike: a transaction costs
 * two more round trips than its statements. For tests that hold a request to a number of statements.
 */
export class QueryLog implements Logger {
  readonly statements: string[] = [];

  logQuery(query: string): void {
    if (!TRANSACTION_CONTROL.test(query.trimStart())) this.statements.push(query);
  }

  /** Statements sent while `fn` ran. */
  async during(fn: () => Promise<unknown>): Promise<string[]> {
    const from = this.statements.length;
    await fn();
    return this.statements.slice(from);
  }
}

/**
 * The same database, seen through a Drizzle instance that logs into `log`. Only for tests: the
 * driver client (`$client`, which Drizzle exposes but our Database type does not name) is wrapped
 * by a second Drizzle instance of the same engine.
 */
export async function loggedDatabase(handle: DatabaseHandle, log: QueryLog): Promise<DatabaseHandle> {
  const client: unknown = (handle.db as unknown as { $client: unknown }).$client;
  const db =
    handle.kind === 'pglite'
      ? (await import('drizzle-orm/pglite')).drizzle(client as never, { schema, logger: log })
      : (await import('drizzle-orm/node-postgres')).drizzle(client as never, { schema, logger: log });
  return { ...handle, db: db as unknown as Database };
}
