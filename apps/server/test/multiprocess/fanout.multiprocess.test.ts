import { randomBytes } from 'node:crypto';
import { signerFactory } from '@fastify/cookie';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@rally/shared/api/common';
import { CloseCode } from '@rally/shared/gateway/protocol';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { newId } from '../../src/lib/snowflake';
import { SESSION_COOKIE } from '../../src/modules/auth/authenticate';
import { createSession, hashToken } from '../../src/modules/auth/session-repository';
import { insertUser } from '../../src/modules/users/repository';
import { TestClient, until } from '../../src/gateway/testing';
import { insertTeam, type TeamFixture } from '../helpers/teams-fixture';
import { startServer, type ServerProcess } from './server-process';

/**
 * Two real server processes on one PostgreSQL database and one Redis: an event posted through
 * process A reaches a socket on process B, and a session dropped on B (even by B's shutdown)
 * resumes on A. Run by `npm run test:pg` (vitest --config apps/server/vitest.multiprocess.config.ts).
 */
const { DATABASE_URL, REDIS_URL } = process.env;
if (!DATABASE_URL || !REDIS_URL) {
  throw new Error(
    'The multi-process suite needs PostgreSQL and Redis: set DATABASE_URL (a server where it may create and drop a database) and REDIS_URL, ' +
      'e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379',
  );
}

const COOKIE_SECRET = `mp-secret-${randomBytes(16).toString('hex')}`;
const REDIS_PREFIX = `rally-mp-${randomBytes(6).toString('hex')}:`;

interface Person {
  id: string;
  token: string;
  cookie: string;
}

describe('two server processes on one PostgreSQL and one Redis', () => {
  const dbName = `rally_mp_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const dbUrl = new URL(DATABASE_URL);
  dbUrl.pathname = `/${dbName}`;
  let database: DatabaseHandle | undefined;
  let redis: Redis;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let owner: Person;
  let member: Person;
  let team: TeamFixture;
  const clients: TestClient[] = [];

  const signer = signerFactory(COOKIE_SECRET);
  async function person(name: string): Promise<Person> {
    const id = newId();
    const suffix = randomBytes(3).toString('hex');
    await insertUser(database!.db, {
      id,
      username: name,
      slug: `${name}-${suffix}`,
      email: `${name}_${suffix}@example.com`,
      passwordHash: 'not-a-real-hash',
      birthdate: '2000-01-01',
      location: 'TR',
      consentAt: new Date(),
    });
    const token = await createSession(database!.db, id, {});
    return { id, token, cookie: `${SESSION_COOKIE}=${encodeURIComponent(signer.sign(token))}` };
  }

  function connect(server: ServerProcess, who: Person): TestClient {
    const client = TestClient.connect(`ws://127.0.0.1:${server.port}/api/v1/ws`, { cookie: who.cookie });
    clients.push(client);
    return client;
  }

  async function post(server: ServerProcess, who: Person, channelId: string, content: string): Promise<void> {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/v1/channels/${channelId}/messages`, {
      method: 'POST',
      headers: { cookie: who.cookie, [CSRF_HEADER]: '1', 'content-type': 'application/json' },
      body: JSON.stringify({ content, nonce: content }),
    });
    if (res.status !== 201) throw new Error(`POST message through port ${server.port}: ${res.status} ${await res.text()}`);
  }

  /** Where a dropped session waits: under the sign-in that opened it (see gateway/session-store.ts). */
  const sessionKey = (who: Person, sessionId: string) => `${REDIS_PREFIX}gw:session:${hashToken(who.token)}:${sessionId}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    // Migrate once here, before the servers start (two processes migrating at once would race).
    database = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir: 'memory://', poolSize: 2 });
    redis = new Redis(REDIS_URL);
    owner = await person('owner');
    member = await person('member');
    team = await insertTeam(database, owner, [member]);

    const env = {
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL,
      REDIS_PREFIX,
      COOKIE_SECRET,
      GATEWAY_RESUME_WAIT_MS: '20',
      ALLOWED_REGIONS: '*',
    };
    a = await startServer(env);
    b = await startServer(env);
  });

  afterAll(async () => {
    for (const c of clients) c.drop();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    if (redis) {
      const keys = await redis.keys(`${REDIS_PREFIX}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('delivers a message posted through process A to a socket on process B', async () => {
    const onB = connect(b!, member);
    const ready = await onB.next('READY');
    expect(ready.data.channels.map((c: { id: string }) => c.id)).toEqual([team.generalId]);
    await post(a!, owner, team.generalId, 'hello from A');
    const frame = await onB.next('MESSAGE_SEND', 15_000);
    expect(frame.seq).toBe(1);
    expect(frame.data).toMatchObject({ channelId: team.generalId, content: 'hello from A', createdBy: { id: owner.id } });
  });

  it('delivers a PRESENCE_UPDATE frame sent to A to a teammate on B', async () => {
    const onB = connect(b!, owner);
    await onB.next('READY');
    const onA = connect(a!, member);
    await onA.next('READY');
    onA.send({ type: 'PRESENCE_UPDATE', data: { presence: 2 } });
    const frame = await onB.next('PRESENCE_UPDATE', 15_000);
    expect(frame.data).toEqual({ userId: member.id, presence: 2 });
  });

  it('resumes on A a session dropped on B, with what was posted meanwhile', async () => {
    const onB = connect(b!, member);
    const ready = await onB.next('READY');
    const sessionId = ready.data.sessionId as string;
    await post(a!, owner, team.generalId, 'before the drop');
    expect((await onB.next('MESSAGE_SEND', 15_000)).seq).toBe(1);
    onB.drop();
    await until(async () => (await redis.exists(sessionKey(member, sessionId))) === 1, 'B to keep the dropped session in Redis', 15_000);

    await post(a!, owner, team.generalId, 'while away 1');
    await post(a!, owner, team.generalId, 'while away 2');
    const onA = connect(a!, member);
    await onA.opened;
    onA.send({ type: 'RESUME', data: { sessionId, seq: 1 } });
    const frames = [await onA.next(), await onA.next(), await onA.next()];
    expect(frames.map((f) => [f.seq, f.type, f.data.content ?? f.data])).toEqual([
      [2, 'MESSAGE_SEND', 'while away 1'],
      [3, 'MESSAGE_SEND', 'while away 2'],
      [3, 'RESUMED', { replayed: 2 }],
    ]);
    // The session is A's now: live events continue its numbering, and it cannot be resumed twice.
    await post(b!, owner, team.generalId, 'live on A');
    const live = await onA.next('MESSAGE_SEND', 15_000);
    expect([live.seq, live.data.content]).toEqual([4, 'live on A']);
    expect(await redis.exists(sessionKey(member, sessionId))).toBe(0);
  });

  it('closes the sockets on B of a session signed out through A', async () => {
    const leaver = await person('leaver');
    const onB = connect(b!, leaver);
    await onB.next('READY');
    const res = await fetch(`http://127.0.0.1:${a!.port}/api/v1/logout`, { method: 'POST', headers: { cookie: leaver.cookie, [CSRF_HEADER]: '1' } });
    expect(res.status).toBe(200);
    expect((await onB.closed).code).toBe(CloseCode.SESSION_ENDED);
  });

  it('closes sockets with SERVER_RESTART when B stops, and they resume on A', async () => {
    const onB = connect(b!, member);
    const ready = await onB.next('READY');
    const sessionId = ready.data.sessionId as string;
    const stopping = b!.stop();
    expect((await onB.closed).code).toBe(CloseCode.SERVER_RESTART);
    expect(await stopping).toBe(0);
    b = undefined;

    await post(a!, owner, team.generalId, 'after the restart');
    const onA = connect(a!, member);
    await onA.opened;
    onA.send({ type: 'RESUME', data: { sessionId, seq: 0 } });
    const frames = [await onA.next(), await onA.next()];
    expect(frames.map((f) => [f.seq, f.type, f.data.content ?? f.data])).toEqual([
      [1, 'MESSAGE_SEND', 'after the restart'],
      [1, 'RESUMED', { replayed: 1 }],
    ]);
  });
});
