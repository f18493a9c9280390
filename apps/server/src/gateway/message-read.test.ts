import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTestApp } from '../../test/helpers/app';
import { makeChannel, makeTeam, makeUser, type TestUser } from '../../test/helpers/factories';
import { readStates } from '../db/schema';
import { newId } from '../lib/snowflake';
import { channelUnreadOf, seedMessages } from '../modules/read-states/testing';
import { readyClient, sendAs, until } from './testing';

/** The MESSAGE_READ frame (modules/read-states): the session's user reads a channel; their sessions hear MESSAGE_READ. */
describe('gateway: MESSAGE_READ', () => {
  const ctx = withTestApp({}, { listen: true });
  const channelUnread = (user: TestUser, channelId: string) => channelUnreadOf(ctx.app, user, channelId);
  const seed = (channelId: string, authorId: string, n: number) => seedMessages(ctx, channelId, authorId, n);

  let owner: TestUser;
  let reader: TestUser;
  beforeAll(async () => {
    owner = await makeUser(ctx.app);
    reader = await makeUser(ctx.app);
  });

  it("moves the reader's marker and tells their other sessions, not other users", async () => {
    const team = await makeTeam(ctx, owner, { members: [reader] });
    const ids = await seed(team.generalId, owner.id, 3);
    const { client: phone } = await readyClient(ctx, reader);
    const { client: desktop } = await readyClient(ctx, reader);
    const { client: ownerSocket } = await readyClient(ctx, owner);
    const since = ctx.events.mark();

    phone.send({ type: 'MESSAGE_READ', data: { channelId: team.generalId, teamId: team.teamId, messageId: ids[1] } });
    const frame = await desktop.next('MESSAGE_READ');
    expect(frame.data).toEqual({ teamId: team.teamId, reads: [{ channelId: team.generalId, lastReadId: ids[1] }] });
    expect((await phone.next('MESSAGE_READ')).data).toEqual(frame.data);
    expect((await channelUnread(reader, team.generalId))?.unreadCount).toBe(1);

    // Without a message id: up to the newest.
    desktop.send({ type: 'MESSAGE_READ', data: { channelId: team.generalId } });
    expect((await phone.next('MESSAGE_READ')).data.reads).toEqual([{ channelId: team.generalId, lastReadId: ids[2] }]);
    await desktop.next('MESSAGE_READ');
    expect(await channelUnread(reader, team.generalId)).toBeUndefined();

    // Backwards does not move it (and says nothing); past the newest stops at the newest.
    phone.send({ type: 'MESSAGE_READ', data: { channelId: team.generalId, messageId: ids[0] } });
    await sendAs(ctx, owner, team.generalId, 'one more');
    phone.send({ type: 'MESSAGE_READ', data: { channelId: team.generalId, messageId: newId() } });
    const newest = await desktop.next('MESSAGE_READ');
    const [row] = await ctx.app.db
      .select()
      .from(readStates)
      .where(and(eq(readStates.userId, reader.id), eq(readStates.channelId, team.generalId)));
    expect(newest.data.reads).toEqual([{ channelId: team.generalId, lastReadId: row?.lastReadId }]);
    expect(BigInt(row?.lastReadId ?? 0)).toBeGreaterThan(BigInt(ids[2] ?? 0));
    expect(ctx.events.ofType('MESSAGE_READ', { since })).toHaveLength(3);
    expect(ownerSocket.unread().some((f) => f.type === 'MESSAGE_READ')).toBe(false);
  });

  it('is ignored for a channel the session may not view', async () => {
    const team = await makeTeam(ctx, owner, { members: [reader] });
    const hidden = await makeChannel(ctx, team.teamId, { hiddenFrom: [team.teamId] });
    await seed(hidden, owner.id, 1);
    await seed(team.generalId, owner.id, 1);
    const { client } = await readyClient(ctx, reader);
    client.send({ type: 'MESSAGE_READ', data: { channelId: hidden } });
    client.send({ type: 'MESSAGE_READ', data: { channelId: team.generalId } });
    const frame = await client.next('MESSAGE_READ');
    expect(frame.data.reads).toEqual([{ channelId: team.generalId, lastReadId: expect.any(String) }]);
    const rows = await ctx.app.db.select().from(readStates).where(eq(readStates.channelId, hidden));
    expect(rows).toEqual([]);
  });

  it('the sender clears the channel for their other sessions through MESSAGE_SEND (nothing is written on send)', async () => {
    const team = await makeTeam(ctx, owner, { members: [reader] });
    await seed(team.generalId, owner.id, 2);
    const { client } = await readyClient(ctx, reader);
    await sendAs(ctx, reader, team.generalId, 'I am here');
    const frame = await client.next('MESSAGE_SEND');
    expect(frame.data.createdBy.id).toBe(reader.id);
    await until(async () => (await channelUnread(reader, team.generalId)) === undefined, 'the channel to read as read');
    const rows = await ctx.app.db
      .select()
      .from(readStates)
      .where(and(eq(readStates.userId, reader.id), eq(readStates.channelId, team.generalId)));
    expect(rows).toEqual([]);
  });
});
