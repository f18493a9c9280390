import pg from 'pg';
import { Redis } from 'ioredis';

/** PostgreSQL and Redis for the bench: reachability, a database of its own, cleanup of what it made. */

export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function redisReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Create `name` (a rally_bench_* name of our own) on the server of `adminUrl`; return its URL. */
export async function createBenchDatabase(adminUrl: string, name: string): Promise<{ name: string; url: string }> {
  if (!/^rally_bench_[a-z0-9_]+$/.test(name)) throw new Error(`refusing database name ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Drop a database that createBenchDatabase made (never any other). */
export async function dropBenchDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^rally_bench_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to drop ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Delete the keys under the bench's own prefix. */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  if (!prefix.startsWith('rally-bench-')) throw new Error(`refusing to delete keys under ${prefix}`);
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
