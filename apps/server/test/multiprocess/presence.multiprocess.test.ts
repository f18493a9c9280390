import { signerFactory } from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Presence } from '@rally/shared/api/users';
import type { DatabaseHandle } from '../../src/db/client';
import { findUserById } from '../../src/modules/users/repository';
import { TestClient, until, type TestFrame } from '../../src/gateway/testing';
import { openTestDatabase } from '../helpers/database';
import { makeTeam, makeUser, type TestUser, type WithSigner } from '../helpers/factories';
import { dropRedisKeys, readyOn, sharedSettings } from '../helpers/multiprocess';
import { startServer, type ServerProcess } from '../helpers/server-process';

/**
 * Presence over two real server processes on one PostgreSQL and one Redis: a user's sessions on
 * both count together, the last one closing (on either) shows them offline on the other, and a
 * process that is killed does not leave its users online: once its registration expires, the
 * other process takes its sessions off them. Run with the multi-process suite.
 */
const shared = sharedSettings();
const env = {
  ...shared,
  ALLOWED_REGIONS: '*',
  GATEWAY_PRESENCE_COALESCE_MS: '50',
  // A killed process is taken for stopped after 1.5 s (beats every 0.5 s).
  GATEWAY_PRESENCE_TTL_MS: '1500',
};

describe('presence over two server processes', () => {
  let database: (DatabaseHandle & { url?: string }) | undefined;
  let rows: WithSigner;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  const clients: TestClient[] = [];

  const ready = (server: ServerProcess, who: TestUser) => readyOn(server, who, clients);

  /** Wait for a PRESENCE_UPDATE about `who` with `presence` (others skipped); returns the ones about `who` skipped on the way. */
  async function seen(client: TestClient, who: TestUser, presence: number): Promise<number[]> {
    const before: number[] = [];
    for (;;) {
      const frame: TestFrame = await client.next('PRESENCE_UPDATE', 15_000);
      const entry = (frame.data.presences as Array<{ userId: string; presence: number }>).find((p) => p.userId === who.id);
      if (!entry) continue;
      if (entry.presence === presence) return before;
      before.push(entry.presence);
    }
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    if (!database.url) throw new Error('openTestDatabase gave no PostgreSQL database: is DATABASE_URL set?');
    const signer = signerFactory(shared.COOKIE_SECRET);
    rows = { db: database.db, signCookie: (token) => signer.sign(token) };
    [a, b] = await Promise.all([startServer({ ...env, DATABASE_URL: database.url }), startServer({ ...env, DATABASE_URL: database.url })]);
  });

  afterAll(async () => {
    for (const c of clients) c.drop();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await dropRedisKeys(shared.REDIS_URL, shared.REDIS_PREFIX);
  });

  it('counts sessions on both processes together: offline only when the last one, on either, closes', async () => {
    const owner = await makeUser(rows, 'owner');
    const member = await makeUser(rows, 'member');
    await makeTeam(rows, owner, { members: [member] });
    const watcher = await ready(b!, owner);
    const onA = await ready(a!, member);
    await seen(watcher, member, Presence.ONLINE);
    const onB = await ready(b!, member);
    onA.close();
    onB.send({ type: 'PRESENCE_UPDATE', data: { presence: Presence.IDLE } });
    // The session left on B says idle: the next change the watcher hears, never offline before it.
    expect(await seen(watcher, member, Presence.IDLE)).toEqual([]);
    onB.close();
    expect(await seen(watcher, member, Presence.OFFLINE)).toEqual([]);
    await until(async () => (await findUserById(rows.db, member.id))?.presence === Presence.OFFLINE, 'the stored presence', 15_000);
    watcher.close();
  });

  it('shows offline, seen from B, a user online on A when A closes their socket', async () => {
    const owner = await makeUser(rows, 'owner2');
    const member = await makeUser(rows, 'member2');
    await makeTeam(rows, owner, { members: [member] });
    const watcher = await ready(b!, owner);
    const onA = await ready(a!, member);
    await seen(watcher, member, Presence.ONLINE);
    onA.drop();
    await seen(watcher, member, Presence.OFFLINE);
    watcher.close();
  });

  it('takes the users of a killed process offline once its registration expires, and serves them again after a restart', async () => {
    const owner = await makeUser(rows, 'owner3');
    const member = await makeUser(rows, 'member3');
    await makeTeam(rows, owner, { members: [member] });
    const watcher = await ready(b!, owner);
    await ready(a!, member);
    await seen(watcher, member, Presence.ONLINE);

    const killed = a!;
    const exited = new Promise((resolve) => killed.child.once('exit', resolve));
    killed.child.kill('SIGKILL'); // no shutdown of any kind: only the expiry can tell
    await exited;
    await seen(watcher, member, Presence.OFFLINE);
    expect((await findUserById(rows.db, member.id))?.presence).toBe(Presence.OFFLINE);

    a = await startServer({ ...env, DATABASE_URL: database!.url! });
    await ready(a, member);
    await seen(watcher, member, Presence.ONLINE);
    watcher.close();
  });
});
