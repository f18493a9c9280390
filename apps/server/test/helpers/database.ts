import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { databaseUrl, ensurePgliteTemplate, ensurePostgresTemplate, postgresTemplateName, withAdmin } from './template';

/**
 * A database for one test file, already migrated: in-memory PGlite loaded from the migrated
 * template's dump; with DATABASE_URL, a database of its own on that server, cloned from the
 * template database, and dropped on close (never one we did not create).
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const adminUrl = process.env.DATABASE_URL;
  return adminUrl ? openPostgresClone(adminUrl) : openPgliteClone();
}

async function openPgliteClone(): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dump = new Blob([fs.readFileSync(await ensurePgliteTemplate())]);
  const client = new PGlite({ loadDataDir: dump });
  await client.waitReady;
  return { db: drizzle(client, { schema }) as unknown as Database, kind: 'pglite', close: () => client.close() };
}

const UNDEFINED_DATABASE = '3D000';

async function openPostgresClone(adminUrl: string): Promise<DatabaseHandle & { url: string }> {
  const name = `rally_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = postgresTemplateName();
  await withAdmin(adminUrl, async (admin) => {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } catch (err) {
      // No template yet (no globalSetup, or another run dropped its own meanwhile): build it, once.
      if ((err as { code?: string }).code !== UNDEFINED_DATABASE) throw err;
      await ensurePostgresTemplate(adminUrl);
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    }
  });
  const url = databaseUrl(adminUrl, name);
  // openDatabase applies the migrations: none are left, so it only checks.
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 5 });
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A Redis key prefix of its own for one test file (when REDIS_URL is set). */
export function testRedisPrefix(): string {
  return `rally-test:${randomBytes(6).toString('hex')}:`;
}
