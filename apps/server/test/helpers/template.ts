import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, openDatabase } from '../../src/db/client';

/**
 * The migrated database template that every test file clones, so that migrations run once per test
 * run (or once per migration set, for PGlite) instead of once per file. Built by the Vitest
 * globalSetup (test/global-setup.ts); a worker that finds none builds it itself (concurrent
 * builders are safe).
 */

/** sha256 of apps/server/drizzle/** (paths and contents), 12 hex digits: a new migration makes a new template. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .sort();
  for (const file of walk(MIGRATIONS_DIR)) hash.update(path.relative(MIGRATIONS_DIR, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 12);
}

// ---- PGlite: a dump of a migrated data directory in the temp directory, kept between runs ----

function pgliteVersion(): string {
  // Its package.json is not exported: find it from the entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The dump's path: keyed by the migrations and the PGlite version (its data-directory format). */
export function pgliteTemplatePath(): string {
  return path.join(os.tmpdir(), `rally-pglite-template-${migrationsHash()}-${pgliteVersion()}.tar`);
}

const STALE_DUMP_MS = 24 * 3600_000;

/** Remove the dumps of other migration sets (or PGlite versions) untouched for a day: another checkout may still use a recent one. */
export function pruneStalePgliteTemplates(): void {
  const keep = path.basename(pgliteTemplatePath());
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith('rally-pglite-template-') || name === keep) continue;
    const file = path.join(os.tmpdir(), name);
    try {
      if (Date.now() - fs.statSync(file).mtimeMs > STALE_DUMP_MS) fs.rmSync(file, { force: true });
    } catch {
      // gone meanwhile
    }
  }
}

/** The dump of a migrated PGlite data directory; built (and written atomically) when missing. */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = pgliteTemplatePath();
  if (fs.existsSync(file)) return file;
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file); // atomic: a reader sees the whole dump or none
  } finally {
    await client.close();
  }
  return file;
}

// ---- PostgreSQL: a template database, cloned with CREATE DATABASE … TEMPLATE ----

export function postgresTemplateName(): string {
  return `rally_tpl_${migrationsHash()}`;
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

type PgClient = import('pg').Client;

export async function withAdmin<T>(adminUrl: string, fn: (admin: PgClient) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

const DUPLICATE_DATABASE = '42P04';
/** Set by the globalSetup: the comment that marks a template as built by this run. */
export const TEMPLATE_COMMENT_ENV = 'RALLY_TEST_TEMPLATE_COMMENT';

/**
 * Make sure the migrated template database exists. Returns true when this call built it. Concurrent
 * callers (two workers, two test runs) are serialised by an advisory lock; the template is built
 * under a temporary name and renamed when complete, so that its final name never shows a half-migrated
 * database. `comment` marks who built it (the globalSetup drops only its own).
 */
export async function ensurePostgresTemplate(adminUrl: string, comment = process.env[TEMPLATE_COMMENT_ENV] ?? 'rally test template'): Promise<boolean> {
  const name = postgresTemplateName();
  return withAdmin(adminUrl, async (admin) => {
    const exists = async () => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (await exists()) return false;
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      if (await exists()) return false;
      const building = `${name}_building_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      try {
        const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, building), dataDir: 'memory://', poolSize: 1 });
        await handle.close(); // no connection may stay open on a template while it is cloned
        await admin.query(`COMMENT ON DATABASE ${building} IS ${quoteLiteral(comment)}`);
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (err) {
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        if ((err as { code?: string }).code === DUPLICATE_DATABASE) return false;
        throw err;
      }
      return true;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
