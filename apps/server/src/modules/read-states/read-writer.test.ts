import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { withTestApp } from '../../../test/helpers/app';
import { makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { readStates } from '../../db/schema';
import { newId } from '../../lib/snowflake';
import { ReadMarkWriter } from './read-writer';
import { readStateRepository, type ReadRequest } from './repository';
import { seedMessages } from './testing';

/** The gateway's read markers (ReadMarkWriter): group commit on the real database, counting the statements. */
describe('ReadMarkWriter', () => {
  const ctx = withTestApp();
  let owner: TestUser;
  let readers: TestUser[];
  beforeAll(async () => {
    owner = await makeUser(ctx.app);
    readers = [await makeUser(ctx.app), await makeUser(ctx.app), await makeUser(ctx.app)];
  });

  /** A writer whose statements are counted (each batch it hands to the real repository). */
  function countingWriter() {
    const batches: ReadRequest[][] = [];
    const errors: unknown[] = [];
    const writer = new ReadMarkWriter(ctx.app, (err) => errors.push(err), {
      markReads: (db, reads) => {
        batches.push([...reads]);
        return readStateRepository.markReads(db, reads);
      },
    });
    return { writer, batches, errors };
  }

  const markersOf = async (channelId: string) =>
    new Map((await ctx.app.db.select().from(readStates).where(eq(readStates.channelId, channelId))).map((row) => [row.userId, row.lastReadId]));

  it('writes the reads of one burst in one statement, the furthest per user and channel, and tells each user', async () => {
    const team = await makeTeam(ctx, owner, { members: readers });
    const ids = await seedMessages(ctx, team.generalId, owner.id, 4);
    const { writer, batches, errors } = countingWriter();
    const since = ctx.events.mark();
    const [a, b, c] = readers as [TestUser, TestUser, TestUser];

    writer.mark({ userId: a.id, channelId: team.generalId, teamId: team.teamId, upTo: ids[1] });
    writer.mark({ userId: a.id, channelId: team.generalId, teamId: team.teamId, upTo: ids[2] });
    writer.mark({ userId: a.id, channelId: team.generalId, teamId: team.teamId, upTo: ids[0] });
    writer.mark({ userId: b.id, channelId: team.generalId, teamId: team.teamId });
    writer.mark({ userId: c.id, channelId: team.generalId, teamId: team.teamId, upTo: ids[0] });
    writer.mark({ userId: c.id, channelId: team.generalId, teamId: team.teamId });
    await writer.drain();

    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(3);
    expect(errors).toEqual([]);
    const markers = await markersOf(team.generalId);
    expect(markers.get(a.id)).toBe(ids[2]);
    expect(markers.get(b.id)).toBe(ids[3]);
    expect(markers.get(c.id)).toBe(ids[3]);

    const events = ctx.events.ofType('MESSAGE_READ', { since });
    expect(events.map((e) => e.audience)).toEqual(expect.arrayContaining([a, b, c].map((user) => ({ kind: 'users', userIds: [user.id] }))));
    expect(events).toHaveLength(3);
    const ofA = events.find((e) => e.audience.kind === 'users' && e.audience.userIds[0] === a.id);
    expect(ofA?.event.data).toEqual({ teamId: team.teamId, reads: [{ channelId: team.generalId, lastReadId: ids[2] }] });
  });

  it('gathers the reads that arrive while a write is in flight into the next statement', async () => {
    const team = await makeTeam(ctx, owner, { members: readers });
    const ids = await seedMessages(ctx, team.generalId, owner.id, 2);
    const { writer, batches } = countingWriter();
    const [a, b, c] = readers as [TestUser, TestUser, TestUser];

    writer.mark({ userId: a.id, channelId: team.generalId, teamId: team.teamId, upTo: ids[0] });
    await new Promise<void>((resolve) => setImmediate(resolve)); // the first write has started
    expect(batches).toHaveLength(1);
    writer.mark({ userId: b.id, channelId: team.generalId, teamId: team.teamId });
    writer.mark({ userId: c.id, channelId: team.generalId, teamId: team.teamId });
    writer.mark({ userId: a.id, channelId: team.generalId, teamId: team.teamId });
    await writer.drain();

    expect(batches.map((batch) => batch.map((read) => read.userId))).toEqual([[a.id], [b.id, c.id, a.id]]);
    const markers = await markersOf(team.generalId);
    expect([a, b, c].map((user) => markers.get(user.id))).toEqual([ids[1], ids[1], ids[1]]);
  });

  it('moves nothing backwards and says nothing when nothing moved', async () => {
    const team = await makeTeam(ctx, owner, { members: readers });
    const ids = await seedMessages(ctx, team.generalId, owner.id, 2);
    const { writer } = countingWriter();
    const reader = readers[0] as TestUser;
    writer.mark({ userId: reader.id, channelId: team.generalId, teamId: team.teamId });
    await writer.drain();
    const since = ctx.events.mark();
    writer.mark({ userId: reader.id, channelId: team.generalId, teamId: team.teamId, upTo: ids[0] });
    await writer.drain();
    expect((await markersOf(team.generalId)).get(reader.id)).toBe(ids[1]);
    expect(ctx.events.ofType('MESSAGE_READ', { since })).toEqual([]);
  });

  it('retries a failed statement read by read, so one bad read loses only itself', async () => {
    const team = await makeTeam(ctx, owner, { members: readers });
    const ids = await seedMessages(ctx, team.generalId, owner.id, 1);
    const { writer, batches, errors } = countingWriter();
    const [a, b] = readers as [TestUser, TestUser];
    const ghost = newId(); // no such user: its row breaks the statement (foreign key)

    writer.mark({ userId: a.id, channelId: team.generalId, teamId: team.teamId });
    writer.mark({ userId: ghost, channelId: team.generalId, teamId: team.teamId });
    writer.mark({ userId: b.id, channelId: team.generalId, teamId: team.teamId });
    await writer.drain();

    expect(batches.map((batch) => batch.length)).toEqual([3, 1, 1, 1]);
    expect(errors).toHaveLength(1);
    const rows = await ctx.app.db
      .select()
      .from(readStates)
      .where(inArray(readStates.userId, [a.id, b.id, ghost]));
    expect(rows.filter((row) => row.channelId === team.generalId).map((row) => [row.userId, row.lastReadId])).toEqual(
      expect.arrayContaining([
        [a.id, ids[0]],
        [b.id, ids[0]],
      ]),
    );
    expect(rows.filter((row) => row.channelId === team.generalId)).toHaveLength(2);
  });
});
