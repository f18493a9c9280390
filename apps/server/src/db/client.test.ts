import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, openDatabase } from './client';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-db-'));
  dirs.push(dir);
  return dir;
};
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
});
