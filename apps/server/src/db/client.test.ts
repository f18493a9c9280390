import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, openDatabase } from './client';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-db-'));
  dirs.push(dir);
  return dir;
};
/** The rows of a raw statement (node-postgres answers `{ rows }`). */
const rowsOf = async (result: Promise<unknown>) => ((await result) as { rows: { n: number }[] }).rows;
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a second holder while the first is alive, and frees the lock on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(/in use/);
    release();
    expect(fs.existsSync(path.join(dir, 'rally.lock'))).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over a lock left by a dead process', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'rally.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'rally.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('keeps data in the directory across restarts, with migrations applied once', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use/);
    const { teams, users } = await import('./schema');
    await first.db.insert(users).values({
      id: '1',
      username: 'a',
      slug: 'aaa',
      email: 'a@example.com',
      passwordHash: 'x',
      settings: {
        locale: 'en',
        developerMode: { isEnabled: false },
        leftSidebar: { isEnabled: false },
        privacy: { friendRequests: 'everyone', directMessages: 'everyone' },
      },
    });
    await first.db.insert(teams).values({ id: '2', name: 'Team', ownerId: '1' });
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    const rows = await second.db.select().from(teams);
    expect(rows.map((r) => [r.id, r.name])).toEqual([['2', 'Team']]);
    await second.close();
  });

  it('runs the embedded database on a thread of its own: a slow query leaves the event loop free', async () => {
    const handle = await openDatabase({ dataDir: tempDir() });
    try {
      const order: string[] = [];
      const slow = handle.db.execute(sql`select pg_sleep(0.5)`).then(() => order.push('query'));
      // On the event loop, PGlite would hold the thread for the whole sleep and answer first.
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('timer');
      await slow;
      expect(order).toEqual(['timer', 'query']);
      // Transactions of concurrent callers still take turns (wire-multiplexer.ts): no lost update.
      await handle.db.execute(sql`create table counter (n int not null)`);
      await handle.db.execute(sql`insert into counter values (0)`);
      await Promise.all(
        Array.from({ length: 8 }, () =>
          handle.db.transaction(async (tx) => {
            const [row] = await rowsOf(tx.execute(sql`select n from counter`));
            await tx.execute(sql`update counter set n = ${row!.n + 1}`);
          }),
        ),
      );
      expect(await rowsOf(handle.db.execute(sql`select n from counter`))).toEqual([{ n: 8 }]);
    } finally {
      await handle.close();
    }
  });
});
