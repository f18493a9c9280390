import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIMITS } from '@rally/shared/limits';
import { ChannelPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeChannel, makeMember, makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { dmMembers, messages, readStates } from '../../db/schema';
import { newId } from '../../lib/snowflake';
import { teamRepository } from '../teams/repository';
import { channelUnreadOf, NO_MENTIONS, seedMessages, unreadOf } from './testing';

describe('read states and unread counts', () => {
  const ctx = withTestApp();
  const unread = (user: TestUser) => unreadOf(ctx.app, user);
  const channelUnread = (user: TestUser, channelId: string) => channelUnreadOf(ctx.app, user, channelId);
  const seed = (channelId: string, authorId: string, n: number, fields?: Parameters<typeof seedMessages>[4]) =>
    seedMessages(ctx, channelId, authorId, n, fields);

  let owner: TestUser;
  let reader: TestUser;
  beforeAll(async () => {
    owner = await makeUser(ctx.app);
    reader = await makeUser(ctx.app);
  });

  describe('GET /api/v1/teams/unread', () => {
    it('counts the messages of others since the reader joined, not their own, deleted or older ones', async () => {
      const before = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner, { members: [before] });
      await seed(team.generalId, owner.id, 2); // before the reader joined
      await makeMember(ctx, team.teamId, reader);
      await seed(team.generalId, owner.id, 3);
      await seed(team.generalId, owner.id, 2, { deleted: true });
      const body = await unread(reader);
      const entry = first(body.teamInfo.filter((t) => t.teamId === team.teamId));
      expect(entry.channelInfo).toEqual([{ channelId: team.generalId, unreadCount: 3, mentionCount: 0, lastReadId: '0' }]);
      expect(entry.badgingInfo).toEqual({ mentionCount: 0 });
      // The author has nothing unread: their own messages do not count.
      expect(await channelUnread(owner, team.generalId)).toBeUndefined();
      // `before` joined first: all five are new to them.
      expect((await channelUnread(before, team.generalId))?.unreadCount).toBe(5);
    });

    it('a message the reader sends marks what came before it read', async () => {
      const team = await makeTeam(ctx, owner, { members: [reader] });
      await seed(team.generalId, owner.id, 4);
      await seed(team.generalId, reader.id, 1);
      expect(await channelUnread(reader, team.generalId)).toBeUndefined();
      await seed(team.generalId, owner.id, 2);
      expect((await channelUnread(reader, team.generalId))?.unreadCount).toBe(2);
    });

    it('leaves out channels the reader may not view or whose history they may not see', async () => {
      const team = await makeTeam(ctx, owner, { members: [reader] });
      const hidden = await makeChannel(ctx, team.teamId, { hiddenFrom: [team.teamId] });
      const noHistory = await makeChannel(ctx, team.teamId, {
        permissions: { role: { [team.teamId]: { allow: 0, deny: ChannelPermission.CAN_SEE_MESSAGE_HISTORY } }, user: {} },
      });
      for (const channelId of [hidden, noHistory, team.generalId]) await seed(channelId, owner.id, 2);
      const body = await unread(reader);
      const entry = first(body.teamInfo.filter((t) => t.teamId === team.teamId));
      expect(entry.channelInfo.map((c) => c.channelId)).toEqual([team.generalId]);
      // The owner (administrator) reads them all, except their own messages: nothing.
      const other = await makeUser(ctx.app);
      await makeMember(ctx, team.teamId, other);
      await seed(hidden, reader.id, 1);
      expect(await channelUnread(other, hidden)).toBeUndefined();
      expect((await channelUnread(owner, hidden))?.unreadCount).toBe(1);
    });

    it(`stops counting at ${LIMITS.unread.countCap}`, async () => {
      const team = await makeTeam(ctx, owner, { members: [reader] });
      const rows = Array.from({ length: LIMITS.unread.countCap + 5 }, (_, i) => ({
        id: newId(),
        channelId: team.generalId,
        authorId: owner.id,
        content: `bulk ${i}`,
        mentions: i === 0 ? { ...NO_MENTIONS, users: [reader.id] } : NO_MENTIONS,
      }));
      await ctx.app.db.insert(messages).values(rows);
      const entry = await channelUnread(reader, team.generalId);
      expect(entry?.unreadCount).toBe(LIMITS.unread.countCap);
      // The first mention is older than the newest countCap messages: counted no more.
      expect(entry?.mentionCount).toBe(0);
    });

    it('counts mentions by id, by a role held, @everyone and @here, and not of a role not held or by the reader', async () => {
      const team = await makeTeam(ctx, owner);
      const { roleIds } = await makeMember(ctx, team.teamId, reader, { roles: [{ permissions: 0 }] });
      const held = first(roleIds);
      const other = await makeUser(ctx.app);
      const { roleIds: otherRoles } = await makeMember(ctx, team.teamId, other, { roles: [{ permissions: 0 }] });
      const notHeld = first(otherRoles);
      await seed(team.generalId, owner.id, 1, { mentions: { ...NO_MENTIONS, users: [reader.id] } });
      await seed(team.generalId, owner.id, 1, { mentions: { ...NO_MENTIONS, roles: [held] } });
      await seed(team.generalId, owner.id, 1, { mentions: { ...NO_MENTIONS, roles: [notHeld] } });
      await seed(team.generalId, owner.id, 1, { mentions: { ...NO_MENTIONS, everyone: true } });
      await seed(team.generalId, owner.id, 1, { mentions: { ...NO_MENTIONS, here: true } });
      await seed(team.generalId, owner.id, 1, { mentions: { ...NO_MENTIONS, roles: [team.teamId] } }); // the default role
      await seed(team.generalId, owner.id, 1, { mentions: { ...NO_MENTIONS, users: [other.id] } });
      await seed(team.generalId, owner.id, 1, { mentions: { ...NO_MENTIONS, users: [reader.id] }, deleted: true });
      const body = await unread(reader);
      const entry = first(body.teamInfo.filter((t) => t.teamId === team.teamId));
      expect(entry.channelInfo).toEqual([{ channelId: team.generalId, unreadCount: 7, mentionCount: 5, lastReadId: '0' }]);
      expect(entry.badgingInfo.mentionCount).toBe(5);
      expect((await channelUnread(other, team.generalId))?.mentionCount).toBe(5); // users, roles (their own), everyone, here, default role
      // A mention the reader wrote themselves is not one for them.
      await seed(team.generalId, reader.id, 1, { mentions: { ...NO_MENTIONS, users: [reader.id], everyone: true } });
      expect(await channelUnread(reader, team.generalId)).toBeUndefined();
    });

    it('counts direct chats the reader belongs to in dmInfo', async () => {
      const friend = await makeUser(ctx.app);
      const dmId = newId();
      await teamRepository.insertChannels(ctx.app.db, [{ id: dmId, teamId: null, type: 'DM', name: 'dm' }]);
      await ctx.app.db.insert(dmMembers).values([
        { channelId: dmId, userId: reader.id },
        { channelId: dmId, userId: friend.id },
      ]);
      await seed(dmId, friend.id, 3);
      await seed(dmId, friend.id, 1, { mentions: { ...NO_MENTIONS, users: [reader.id] } });
      const body = await unread(reader);
      expect(body.dmInfo).toContainEqual({ channelId: dmId, unreadCount: 4, mentionCount: 1, lastReadId: '0' });
      expect(body.teamInfo.some((t) => t.channelInfo.some((c) => c.channelId === dmId))).toBe(false);
      // Someone outside the chat does not see it.
      expect((await unread(owner)).dmInfo.some((c) => c.channelId === dmId)).toBe(false);
    });

    it('refuses a signed-out caller', async () => {
      const res = await call(ctx.app, 'GET', '/api/v1/teams/unread');
      expect(res.statusCode).toBe(401);
    });
  });

  describe('DELETE /api/v1/teams/{teamId}/unread', () => {
    it("marks the team's channels read, tells the reader's sessions, and leaves other teams alone", async () => {
      const team = await makeTeam(ctx, owner, { members: [reader] });
      const second = await makeChannel(ctx, team.teamId);
      const hidden = await makeChannel(ctx, team.teamId, { hiddenFrom: [team.teamId] });
      const otherTeam = await makeTeam(ctx, owner, { members: [reader] });
      for (const channelId of [team.generalId, second, hidden, otherTeam.generalId])
        await seed(channelId, owner.id, 2, { mentions: { ...NO_MENTIONS, everyone: true } });
      const since = ctx.events.mark();
      const res = await call(ctx.app, 'DELETE', `/api/v1/teams/${team.teamId}/unread`, { cookie: reader.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const published = await ctx.events.waitFor('MESSAGE_READ', { since });
      expect(published.audience).toEqual({ kind: 'users', userIds: [reader.id] });
      expect(published.event.data.teamId).toBe(team.teamId);
      expect(published.event.data.reads.map((r) => r.channelId).sort()).toEqual([team.generalId, second].sort());

      const body = await unread(reader);
      expect(body.teamInfo.some((t) => t.teamId === team.teamId)).toBe(false);
      expect(first(body.teamInfo.filter((t) => t.teamId === otherTeam.teamId)).badgingInfo.mentionCount).toBe(2);
      const hiddenRows = await ctx.app.db.select().from(readStates).where(eq(readStates.channelId, hidden));
      expect(hiddenRows).toEqual([]);

      // Again: nothing moves, nothing is published.
      const again = ctx.events.mark();
      expect((await call(ctx.app, 'DELETE', `/api/v1/teams/${team.teamId}/unread`, { cookie: reader.cookie })).statusCode).toBe(200);
      expect(ctx.events.ofType('MESSAGE_READ', { since: again })).toHaveLength(0);
    });

    it('answers 404 to a non-member and writes nothing', async () => {
      const team = await makeTeam(ctx, owner);
      await seed(team.generalId, owner.id, 1);
      const outsider = await makeUser(ctx.app);
      const res = await call(ctx.app, 'DELETE', `/api/v1/teams/${team.teamId}/unread`, { cookie: outsider.cookie });
      expect(res.statusCode).toBe(404);
      expect(await ctx.app.db.select().from(readStates).where(eq(readStates.userId, outsider.id))).toEqual([]);
    });
  });

  describe('POST /api/v1/channels/{channelId}/messages/{messageId}/unread (Mark Unread)', () => {
    const markUnread = (user: TestUser, channelId: string, messageId: string) =>
      call(ctx.app, 'POST', `/api/v1/channels/${channelId}/messages/${messageId}/unread`, { cookie: user.cookie });

    it("moves the reader's marker back to just before the message and tells their sessions the channel's counts from there", async () => {
      const team = await makeTeam(ctx, owner, { members: [reader] });
      const ids = await seed(team.generalId, owner.id, 5, { mentions: { ...NO_MENTIONS, users: [reader.id] } });
      expect((await call(ctx.app, 'DELETE', `/api/v1/teams/${team.teamId}/unread`, { cookie: reader.cookie })).statusCode).toBe(200);
      expect(await channelUnread(reader, team.generalId)).toBeUndefined();

      const since = ctx.events.mark();
      const res = await markUnread(reader, team.generalId, ids[2]!); // ids has the 5 seeded
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const lastReadId = (BigInt(ids[2]!) - 1n).toString();
      const published = await ctx.events.waitFor('MESSAGE_UNREAD', { since });
      expect(published.audience).toEqual({ kind: 'users', userIds: [reader.id] });
      expect(published.event.data).toEqual({ teamId: team.teamId, channelId: team.generalId, lastReadId, unreadCount: 3, mentionCount: 3 });
      expect(await channelUnread(reader, team.generalId)).toEqual({ channelId: team.generalId, unreadCount: 3, mentionCount: 3, lastReadId });
      // The marker moves forward again as reading goes on (the gateway's reads, markTeamRead).
      expect((await call(ctx.app, 'DELETE', `/api/v1/teams/${team.teamId}/unread`, { cookie: reader.cookie })).statusCode).toBe(200);
      expect(await channelUnread(reader, team.generalId)).toBeUndefined();
    });

    it('works in a direct chat (teamId null)', async () => {
      const other = await makeUser(ctx.app);
      const chat = await call(ctx.app, 'POST', '/api/v1/me/chats', { cookie: reader.cookie, body: { users: [{ id: other.id }] } });
      const channelId: string = chat.json().dm.id;
      const ids = await seed(channelId, other.id, 2);
      const since = ctx.events.mark();
      expect((await markUnread(reader, channelId, ids[0]!)).statusCode).toBe(200); // two seeded
      const published = await ctx.events.waitFor('MESSAGE_UNREAD', { since });
      expect(published.event.data).toMatchObject({ teamId: null, channelId, unreadCount: 2, mentionCount: 0 });
    });

    it('answers 404 for a message of another channel, and for a channel the caller may not see, writing nothing', async () => {
      const team = await makeTeam(ctx, owner, { members: [reader] });
      const elsewhere = await makeChannel(ctx, team.teamId);
      const [foreign] = await seed(elsewhere, owner.id, 1);
      const before = await ctx.app.db.select().from(readStates).where(eq(readStates.userId, reader.id));
      const wrong = await markUnread(reader, team.generalId, foreign!);
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().code).toBe('message_not_found');
      const outsider = await makeUser(ctx.app);
      expect((await markUnread(outsider, elsewhere, foreign!)).statusCode).toBe(404);
      expect(await ctx.app.db.select().from(readStates).where(eq(readStates.userId, reader.id))).toEqual(before);
      expect(await ctx.app.db.select().from(readStates).where(eq(readStates.userId, outsider.id))).toEqual([]);
    });
  });
});
