import type { Logger } from 'drizzle-orm/logger';
import type { Database, DatabaseHandle } from '../../src/db/client';
import * as schema from '../../src/db/schema';

/** Transaction control, which Drizzle sends as statements on node-postgres and PGlite runs itself. */
const TRANSACTION_CONTROL = /^(?:begin|commit|rollback|savepoint|release)\b/i;

/** What one stretch of work sent: its statements, in order, and how many round trips they took. */
export interface QueryProfile {
  statements: string[];
  /** Statements sent one after another; statements sent while another was in flight (in parallel) share one. */
  roundTrips: number;
}

/**
 * Every SQL statement that Drizzle sends, in order (its `logger` option; inside transactions too),
 * but transaction control (BEGIN, COMMIT, …), so that both engines count alike: a transaction costs
 * two more round trips than its statements. For tests that hold a request to a number of statements.
 *
 * With loggedDatabase, it also sees when each query to the driver ends, and so numbers the round
 * trips: a statement sent while none is in flight starts a new one, and the statements sent before
 * it ends (reads in parallel, db/read-all.ts) join it. Drizzle logs a statement and hands it to the
 * driver in the same tick, so a statement is in flight from its log line on. PGlite runs parallel
 * reads one after another but they are counted as one round trip here, as they are on PostgreSQL.
 */
export class QueryLog implements Logger {
  readonly statements: string[] = [];
  /** The round trip of each statement (same index as `statements`). */
  private readonly rounds: number[] = [];
  private inFlight = 0;
  private round = 0;

  logQuery(query: string): void {
    if (TRANSACTION_CONTROL.test(query.trimStart())) return;
    if (this.inFlight === 0) this.round += 1;
    this.statements.push(query);
    this.rounds.push(this.round);
  }

  /** A query handed to the driver, in flight until it settles. */
  track<T>(query: Promise<T>): Promise<T> {
    this.inFlight += 1;
    return query.finally(() => {
      this.inFlight -= 1;
    });
  }

  /** Statements sent while `fn` ran. */
  async during(fn: () => Promise<unknown>): Promise<string[]> {
    return (await this.profile(fn)).statements;
  }

  /** Statements sent while `fn` ran, and their round trips (counted only through loggedDatabase). */
  async profile(fn: () => Promise<unknown>): Promise<QueryProfile> {
    const from = this.statements.length;
    await fn();
    return { statements: this.statements.slice(from), roundTrips: new Set(this.rounds.slice(from)).size };
  }
}

/**
 * The driver client with its queries tracked by `log`: `query` of the client itself, of a PGlite
 * transaction (`transaction(fn)` hands fn one) and of a pooled node-postgres client (`connect()`,
 * which Drizzle's transactions use). Everything else goes to the client as it is.
 */
function tracked<C extends object>(client: C, log: QueryLog): C {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function' || property === 'constructor') return value;
      const method = value as (...args: unknown[]) => unknown;
      switch (property) {
        case 'query':
          return (...args: unknown[]) => {
            const result = method.apply(target, args);
            return result instanceof Promise ? log.track(result) : result;
          };
        case 'transaction':
          return (fn: (tx: object) => unknown, ...rest: unknown[]) => method.call(target, (tx: object) => fn(tracked(tx, log)), ...rest);
        case 'connect':
          return async (...args: unknown[]) => tracked((await method.apply(target, args)) as object, log);
        default:
          return method.bind(target);
      }
    },
  });
}

/**
 * The same database, seen through a Drizzle instance that logs into `log`. Only for tests: the
 * driver client (`$client`, which Drizzle exposes but our Database type does not name) is wrapped
 * (its queries tracked, for round trips) and handed to a second Drizzle instance of the same engine.
 */
export async function loggedDatabase(handle: DatabaseHandle, log: QueryLog): Promise<DatabaseHandle> {
  // PGlite or a node-postgres Pool, by handle.kind: typed as neither here.
  const client = tracked((handle.db as unknown as { $client: object }).$client, log) as never;
  const db =
    handle.kind === 'pglite'
      ? (await import('drizzle-orm/pglite')).drizzle(client, { schema, logger: log })
      : (await import('drizzle-orm/node-postgres')).drizzle(client, { schema, logger: log });
  return { ...handle, db: db as unknown as Database };
}
