import { signerFactory } from '@fastify/cookie';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@rally/shared/api/common';
import { RedisBus } from '../../src/bus/redis-bus';
import type { DatabaseHandle } from '../../src/db/client';
import { messages, scheduledMessages } from '../../src/db/schema';
import { until } from '../../src/gateway/testing';
import { newId } from '../../src/lib/snowflake';
import { openTestDatabase } from '../helpers/database';
import { EventRecorder } from '../helpers/events';
import { dropRedisKeys, sharedSettings } from '../helpers/multiprocess';
import { makeChannel, makeTeam, makeUser, type TeamFixture, type TestUser, type WithSigner } from '../helpers/factories';
import { startServer, type ServerProcess } from '../helpers/server-process';

/**
 * Scheduled messages with several server processes on one PostgreSQL and one Redis: two processes
 * polling the same due rows send each message once (FOR UPDATE SKIP LOCKED), and a message that
 * fell due while its process was killed is sent once by the process started after it. Run with the
 * multi-process suite (`npm run test:pg`).
 */
const shared = sharedSettings();
const env = {
  ...shared,
  ALLOWED_REGIONS: '*',
  GATEWAY_PRESENCE_ON_CONNECT: 'false',
  // Both processes poll often, so that they claim the same due rows at the same time.
  SCHEDULER_INTERVAL_MS: '20',
};

/** The worker number of a snowflake (bits 12–21): which process made the id (each is started with its own WORKER_ID). */
const workerOf = (id: string) => Number((BigInt(id) >> 12n) & 1023n);

describe('scheduled messages over several server processes', () => {
  let database: (DatabaseHandle & { url?: string }) | undefined;
  let rows: WithSigner;
  let stream: RedisBus | undefined;
  const events = new EventRecorder();
  const servers: ServerProcess[] = [];
  let owner: TestUser;
  let team: TeamFixture;

  const start = async (workerId: number) => {
    const server = await startServer({ ...env, DATABASE_URL: database!.url!, WORKER_ID: String(workerId) });
    servers.push(server);
    return server;
  };
  const published = (content: string) => events.ofType('MESSAGE_SEND', { where: (e) => e.event.data.content === content });

  beforeAll(async () => {
    database = await openTestDatabase();
    if (!database.url) throw new Error('openTestDatabase gave no PostgreSQL database: is DATABASE_URL set?');
    const signer = signerFactory(shared.COOKIE_SECRET);
    rows = { db: database.db, signCookie: (token) => signer.sign(token) };
    // The test's own reader of the servers' event stream: every MESSAGE_SEND they publish.
    stream = await RedisBus.connect(shared.REDIS_URL, shared.REDIS_PREFIX);
    events.attach(stream);
    owner = await makeUser(rows, 'owner');
    team = await makeTeam(rows, owner, { name: 'Clockwork' });
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await stream?.close();
    await database?.close();
    await dropRedisKeys(shared.REDIS_URL, shared.REDIS_PREFIX);
  });

  it('two processes polling the same due rows send each message exactly once, and both take part', async () => {
    const [a, b] = await Promise.all([start(1), start(2)]);
    const channels = [team.generalId, await makeChannel(rows, team.teamId, { name: 'second' })];
    const count = 300;
    const dueAt = new Date(Date.now() - 1000);
    // One statement: every row is due at once, for both pollers.
    await rows.db.insert(scheduledMessages).values(
      Array.from({ length: count }, (_, i) => ({
        id: newId(),
        channelId: channels[i % 2]!,
        authorId: owner.id,
        content: `shared ${i}`,
        sendAt: dueAt,
      })),
    );

    await until(async () => (await rows.db.select({ id: scheduledMessages.id }).from(scheduledMessages)).length === 0, 'every due row to be claimed', 30_000);
    const sent = await rows.db.select().from(messages).where(like(messages.content, 'shared %'));
    expect(sent).toHaveLength(count);
    expect(new Set(sent.map((m) => m.content)).size).toBe(count);
    expect(sent.every((m) => m.type === 'scheduled' && m.createdAt.getTime() === dueAt.getTime())).toBe(true);
    // Both processes sent some (the worker bits of the ids they made), so the rows really were shared.
    expect(new Set(sent.map((m) => workerOf(m.id)))).toEqual(new Set([1, 2]));

    // One MESSAGE_SEND per message, whichever process sent it.
    await until(
      () => events.ofType('MESSAGE_SEND').filter((e) => e.event.data.content.startsWith('shared ')).length >= count,
      'the events of every message',
      30_000,
    );
    for (let i = 0; i < count; i++) expect(published(`shared ${i}`), `shared ${i}`).toHaveLength(1);

    await Promise.all([a.stop(), b.stop()]);
  });

  it('a message due while its process was killed is sent once by the process started after it', async () => {
    const a = await start(3);
    const scheduledAt = new Date(Date.now() + 3000).toISOString();
    const res = await fetch(`http://127.0.0.1:${a.port}/api/v1/channels/${team.generalId}/messages`, {
      method: 'POST',
      headers: { cookie: owner.cookie, [CSRF_HEADER]: '1', 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'through a restart', scheduledAt }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { scheduledMessage } = (await res.json()) as { scheduledMessage: { id: string } };
    // Killed well before the message is due: it is never sent by this process.
    a.child.kill('SIGKILL');
    await a.stop();

    await until(() => Date.now() > Date.parse(scheduledAt) + 500, 'the message to fall due', 10_000);
    expect(await rows.db.select().from(scheduledMessages).where(eq(scheduledMessages.id, scheduledMessage.id))).toHaveLength(1);
    expect(await rows.db.select().from(messages).where(eq(messages.content, 'through a restart'))).toEqual([]);

    await start(4);
    await until(
      async () => (await rows.db.select().from(scheduledMessages).where(eq(scheduledMessages.id, scheduledMessage.id))).length === 0,
      'the restarted process to send it',
      15_000,
    );
    const sent = await rows.db.select().from(messages).where(eq(messages.content, 'through a restart'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 'scheduled', authorId: owner.id, channelId: team.generalId });
    expect(sent[0]!.createdAt.toISOString()).toBe(scheduledAt);
    expect(workerOf(sent[0]!.id)).toBe(4);
    await until(() => published('through a restart').length > 0, 'its MESSAGE_SEND', 15_000);
    expect(published('through a restart')).toHaveLength(1);
  });
});
