import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';

/**
 * A database for one test file: in-memory PGlite by default; with DATABASE_URL, a database of its
 * own on that server, created here and dropped on close (never one we did not create).
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return openDatabase({ dataDir: 'memory://' });
  const { default: pg } = await import('pg');
  const name = `rally_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 5 });
  return {
    ...handle,
    url: url.toString(),
    kind: handle.kind,
    db: handle.db,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A Redis key prefix of its own for one test file (when REDIS_URL is set). */
export function testRedisPrefix(): string {
  return `rally-test:${randomBytes(6).toString('hex')}:`;
}
