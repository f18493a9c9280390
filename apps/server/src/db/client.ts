import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import { isAlive } from '../lib/process';
import { guardedSocket } from './guarded-socket';
import type { PgliteWorkerData } from './pglite-worker';
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
  return options.databaseUrl ? openPostgres({ connectionString: options.databaseUrl }, options.poolSize ?? 10, 'postgres') : openPglite(options.dataDir);
}

/** How node-postgres reaches the database: a URL, or the embedded database's Unix socket directory. */
export type Connection = { connectionString: string } | { host: string; user: string; database: string };

async function openPostgres(connection: Connection, poolSize: number, kind: DatabaseHandle['kind'], onClose?: () => Promise<void>): Promise<DatabaseHandle> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = await openPool(connection, poolSize, kind);
  const close = async () => {
    await pool.end();
    await onClose?.();
  };
  try {
    await migrate(drizzle(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    await close();
    throw err;
  }
  return { db: drizzle(pool, { schema }) as unknown as Database, kind, close };
}

/**
 * node-postgres's pool for the database. A connection's failure fails what ran on it and the pool
 * replaces it, whether the connection dropped while idle (server restart, forced drop: the pool's
 * `error`, which would crash the process unhandled) or sent an answer the driver cannot read
 * (guarded-socket.ts). Exported for its test.
 */
export async function openPool(connection: Connection, poolSize: number, kind: DatabaseHandle['kind']): Promise<Pool> {
  const { default: pg } = await import('pg');
  const stream = () =>
    guardedSocket((err) => {
      if (!pool.ending) console.error(`Database connection dropped: its answer could not be read (${err.message})`);
    });
  // The embedded database's connections are never dropped for idleness: a new one costs a startup on the shared session.
  const pool = new pg.Pool({ ...connection, max: poolSize, stream, ...(kind === 'pglite' ? { idleTimeoutMillis: 0 } : {}) });
  pool.on('error', (err) => {
    if (!pool.ending) console.error(`PostgreSQL idle client error: ${err.message}`);
  });
  return pool;
}

/** Connections from the server to its PGlite thread (they take turns there; more lets a transaction's neighbours queue without blocking the pool). */
const PGLITE_POOL_SIZE = 4;

/**
 * The embedded database: PGlite on a worker thread of its own (pglite-worker.ts), reached over a
 * Unix socket with node-postgres, so that its queries never run on the event loop that serves HTTP
 * and the gateway. The data directory is locked against a second process first.
 */
async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : lockDataDir(dataDir);
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-pglite-'));
  const cleanUp = () => {
    fs.rmSync(socketDir, { recursive: true, force: true });
    release();
  };
  try {
    const worker = await startPgliteWorker({
      dataDir: inMemory ? dataDir : path.resolve(dataDir, 'pglite'),
      socketPath: path.join(socketDir, '.s.PGSQL.5432'),
    });
    const stop = async () => {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage({ type: 'close' });
      await exited;
      cleanUp();
    };
    try {
      return await openPostgres({ host: socketDir, user: 'postgres', database: 'postgres' }, PGLITE_POOL_SIZE, 'pglite', stop);
    } catch (err) {
      await worker.terminate();
      throw err;
    }
  } catch (err) {
    cleanUp();
    throw err;
  }
}

/** Start the PGlite thread and wait until it listens (or says why it could not). Exported for its test. */
export async function startPgliteWorker(data: PgliteWorkerData): Promise<Worker> {
  const worker = new Worker(new URL('./pglite-worker-entry.mjs', import.meta.url), { workerData: data });
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`The database thread stopped while starting (exit code ${code})`));
    worker.once('exit', onExit);
    worker.once('error', reject);
    worker.once('message', (message: { type: string; message?: string }) => {
      worker.off('exit', onExit);
      if (message.type === 'ready') return resolve();
      void worker.terminate();
      reject(new Error(`The embedded database could not start: ${message.message ?? message.type}`));
    });
  });
  return worker;
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
