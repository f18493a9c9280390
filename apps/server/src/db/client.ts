import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { isAlive } from '../lib/process';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type that repositories see, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface DatabaseOptions {
  /** postgres:// URL; when absent, embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data directory, or memory:// for an in-memory database. */
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

/** Open the database and apply the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  let closing = false;
  // An idle client that loses its connection (server restart, forced drop) reports here; without a
  // handler it would crash the process. The pool replaces the client on the next query.
  pool.on('error', (err) => {
    if (!closing) console.error(`PostgreSQL idle client error: ${err.message}`);
  });
  const db = drizzle(pool, { schema }) as unknown as Database;
  await migrate(drizzle(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'postgres',
    close: async () => {
      closing = true;
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : lockDataDir(dataDir);
  try {
    const client = inMemory ? new PGlite() : new PGlite(path.resolve(dataDir, 'pglite'));
    await client.waitReady;
    const raw = drizzle(client, { schema });
    await migrate(raw, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db: raw as unknown as Database,
      kind: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** Data directories locked by this process (a lock file with our own pid may also be left from a pid reused after a restart). */
const heldLocks = new Set<string>();

/**
 * Two processes on one PGlite directory silently lose writes: take an exclusive lock file, and
 * refuse to start while a live process (or this one) holds it. A lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(path.resolve(dataDir), 'rally.lock');
  if (heldLocks.has(lockPath)) throw new Error(`The data directory ${dataDir} is in use by this process.`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      heldLocks.add(lockPath);
      return () => {
        heldLocks.delete(lockPath);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(`The data directory ${dataDir} is in use by process ${holder}. Stop it first, or set DATA_DIR to another directory.`, { cause: err });
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
