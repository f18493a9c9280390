import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * Run independent reads in parallel on a pool, one after another inside a transaction (a
 * transaction holds one connection, and node-postgres refuses overlapping queries on it).
 */
export async function readAll<T extends readonly unknown[]>(db: Executor, reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}
