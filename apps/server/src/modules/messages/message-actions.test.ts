import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messageSchema, type Message } from '@rally/shared/api/messages';
import { UserFlags } from '@rally/shared/api/users';
import { ChannelPermission, TeamPermission, type ChannelOverwrites } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeChannel, makeMember, makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { auditLogEntries, channels, messages, users } from '../../db/schema';
import { newId } from '../../lib/snowflake';
import { userRateKey } from '../../lib/rate-limit';

describe('one message: GET, PATCH, DELETE /api/v1/channels/{channelId}/messages/{messageId}', () => {
  const ctx = withTestApp();
  const path = (channelId: string, messageId: string) => `/api/v1/channels/${channelId}/messages/${messageId}`;
  const get = (user: TestUser, channelId: string, messageId: string) => call(ctx.app, 'GET', path(channelId, messageId), { cookie: user.cookie });
  const edit = (user: TestUser, channelId: string, messageId: string, body: unknown) =>
    call(ctx.app, 'PATCH', path(channelId, messageId), { cookie: user.cookie, body });
  const remove = (user: TestUser, channelId: string, messageId: string) => call(ctx.app, 'DELETE', path(channelId, messageId), { cookie: user.cookie });
  const list = (user: TestUser, channelId: string) => call(ctx.app, 'GET', `/api/v1/channels/${channelId}/messages`, { cookie: user.cookie });

  /** A team (owner, a member, a moderator with DELETE_MESSAGES), its #general, and a message of the member there. */
  async function setup() {
    const owner = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    const other = await makeUser(ctx.app);
    const moderator = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner, { name: 'Actions', members: [member, other] });
    await makeMember(ctx, team.teamId, moderator, { roles: [{ name: 'Mods', permissions: TeamPermission.DELETE_MESSAGES }] });
    const channelId = team.generalId;
    const message = await sendAs(member, channelId, 'original text');
    return { owner, member, other, moderator, team, channelId, message };
  }

  async function sendAs(user: TestUser, channelId: string, content: string, replyTo?: string): Promise<Message> {
    await ctx.app.rateLimiter.reset(userRateKey('messageSend', user.id));
    const res = await call(ctx.app, 'POST', `/api/v1/channels/${channelId}/messages`, { cookie: user.cookie, body: { content, replyTo } });
    expect(res.statusCode).toBe(201);
    return messageSchema.parse(res.json().message);
  }

  async function setOverwrites(channelId: string, permissions: ChannelOverwrites) {
    await ctx.app.db.update(channels).set({ permissions }).where(eq(channels.id, channelId));
  }

  async function stored(id: string) {
    return first(await ctx.app.db.select().from(messages).where(eq(messages.id, id)), 'message');
  }

  describe('GET', () => {
    it('returns the message with scheduledDate null to any member who can read the history', async () => {
      const { other, channelId, message } = await setup();
      const res = await get(other, channelId, message.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: { ...message, nonce: null }, scheduledDate: null });
    });

    it('gives a scheduled message the time it was scheduled for', async () => {
      const { other, member, channelId } = await setup();
      const id = newId();
      const at = new Date('2026-03-01T10:00:00.000Z');
      await ctx.app.db.insert(messages).values({ id, channelId, authorId: member.id, content: 'later', type: 'scheduled', createdAt: at });
      const res = await get(other, channelId, id);
      expect(res.json()).toMatchObject({ message: { id, type: 'scheduled' }, scheduledDate: at.toISOString() });
    });

    it("refuses without CAN_SEE_MESSAGE_HISTORY, and answers 404 for another channel's, a deleted or an unknown message", async () => {
      const { owner, other, team, channelId, message } = await setup();
      const elsewhere = await makeChannel(ctx, team.teamId, { name: 'elsewhere' });
      for (const res of [await get(other, elsewhere, message.id), await get(other, channelId, newId())]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'message_not_found', message: 'Message not found' });
      }
      await setOverwrites(channelId, { role: { [team.teamId]: { allow: 0, deny: ChannelPermission.CAN_SEE_MESSAGE_HISTORY } }, user: {} });
      const blind = await get(other, channelId, message.id);
      expect(blind.statusCode).toBe(403);
      expect(blind.json().code).toBe('no_permission_to_view_history');
      expect((await remove(owner, channelId, message.id)).statusCode).toBe(200);
      expect((await get(owner, channelId, message.id)).statusCode).toBe(404);
    });
  });

  describe('PATCH', () => {
    it('lets the author edit: editedAt set, content trimmed, MESSAGE_UPDATED to the channel without reactions', async () => {
      const { member, other, channelId, message } = await setup();
      const since = ctx.events.mark();
      const res = await edit(member, channelId, message.id, { content: '  edited text \n' });
      expect(res.statusCode).toBe(200);
      const edited = messageSchema.parse(res.json().message);
      expect(edited).toMatchObject({ id: message.id, content: 'edited text', createdAt: message.createdAt });
      expect(edited.editedAt).not.toBeNull();
      const row = await stored(message.id);
      expect(row.content).toBe('edited text');
      expect(row.editedAt?.toISOString()).toBe(edited.editedAt);
      const published = await ctx.events.waitFor('MESSAGE_UPDATED', { since });
      expect(published.audience).toEqual({ kind: 'channel', channelId });
      const { reactions: _reactions, ...withoutReactions } = edited;
      expect(published.event.data).toEqual(withoutReactions);
      expect((await get(other, channelId, message.id)).json().message.content).toBe('edited text');
    });

    it('changes nothing when the text is the same', async () => {
      const { member, channelId, message } = await setup();
      const since = ctx.events.mark();
      const res = await edit(member, channelId, message.id, { content: 'original text' });
      expect(res.statusCode).toBe(200);
      expect(res.json().message.editedAt).toBeNull();
      expect((await stored(message.id)).editedAt).toBeNull();
      expect(ctx.events.ofType('MESSAGE_UPDATED', { since })).toHaveLength(0);
    });

    it('refuses anyone but the author, the owner and moderators included, with nothing changed', async () => {
      const { owner, other, moderator, channelId, message } = await setup();
      const since = ctx.events.mark();
      for (const user of [owner, other, moderator]) {
        const res = await edit(user, channelId, message.id, { content: 'hijacked' });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'message_edit_not_author', message: 'Only the author of a message can edit it' });
      }
      expect((await stored(message.id)).content).toBe('original text');
      expect(ctx.events.ofType('MESSAGE_UPDATED', { since })).toHaveLength(0);
    });

    it('refuses blank, heading-only and too long text (2000, 5000 with PREMIUM), as a send does', async () => {
      const { member, channelId, message } = await setup();
      for (const content of ['', '   \n', '##']) {
        const res = await edit(member, channelId, message.id, { content });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('message_empty');
      }
      expect((await edit(member, channelId, message.id, {})).statusCode).toBe(400);
      const long = await edit(member, channelId, message.id, { content: 'x'.repeat(2001) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ code: 'message_too_long', message: 'Messages can be at most 2000 characters long' });
      expect((await stored(message.id)).content).toBe('original text');
      await ctx.app.db.update(users).set({ flags: UserFlags.PREMIUM }).where(eq(users.id, member.id));
      expect((await edit(member, channelId, message.id, { content: 'y'.repeat(5000) })).statusCode).toBe(200);
      expect((await edit(member, channelId, message.id, { content: 'y'.repeat(5001) })).json().code).toBe('message_too_long');
    });

    it("answers 404 for another channel's, a deleted or an unknown message, and 403 without VIEW_CHANNEL", async () => {
      const { member, team, channelId, message } = await setup();
      const elsewhere = await makeChannel(ctx, team.teamId, { name: 'elsewhere' });
      expect((await edit(member, elsewhere, message.id, { content: 'moved?' })).json().code).toBe('message_not_found');
      expect((await edit(member, channelId, newId(), { content: 'who?' })).statusCode).toBe(404);
      await setOverwrites(channelId, { role: { [team.teamId]: { allow: 0, deny: ChannelPermission.VIEW_CHANNEL } }, user: {} });
      const hidden = await edit(member, channelId, message.id, { content: 'hidden' });
      expect(hidden.statusCode).toBe(403);
      expect(hidden.json().code).toBe('no_permission_to_view_channel');
      await setOverwrites(channelId, { role: {}, user: {} });
      expect((await remove(member, channelId, message.id)).statusCode).toBe(200);
      const gone = await edit(member, channelId, message.id, { content: 'after delete' });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().code).toBe('message_not_found');
    });
  });

  describe('DELETE', () => {
    it('lets the author delete their message: soft delete, MESSAGE_DELETED, gone from history, replies then miss it', async () => {
      const { member, other, channelId, message } = await setup();
      const reply = await sendAs(other, channelId, 'a reply', message.id);
      const since = ctx.events.mark();
      const res = await remove(member, channelId, message.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await stored(message.id)).deletedAt).not.toBeNull();
      const published = await ctx.events.waitFor('MESSAGE_DELETED', { since });
      expect(published.audience).toEqual({ kind: 'channel', channelId });
      expect(published.event.data).toEqual({ id: message.id, channelId });
      const page = (await list(other, channelId)).json();
      expect(page.messages.map((m: Message) => m.id)).toEqual([reply.id]);
      expect(page.messages[0].replyTo).toBe(message.id);
      expect(page.replyMessages).toEqual([]);
      // No audit entry for one's own message.
      expect(await ctx.app.db.select().from(auditLogEntries).where(eq(auditLogEntries.targetId, member.id))).toEqual([]);
      // Deleting again: already gone.
      expect((await remove(member, channelId, message.id)).json().code).toBe('message_not_found');
    });

    it("lets DELETE_MESSAGES holders and the owner delete others' messages, with an audit entry", async () => {
      const { owner, member, moderator, team, channelId, message } = await setup();
      expect((await remove(moderator, channelId, message.id)).statusCode).toBe(200);
      const entry = first(
        await ctx.app.db
          .select()
          .from(auditLogEntries)
          .where(and(eq(auditLogEntries.teamId, team.teamId), eq(auditLogEntries.actionType, 'MESSAGES_DELETED'))),
      );
      expect(entry).toMatchObject({ actorId: moderator.id, targetType: 'user', targetId: member.id, options: { channelId, count: 1 } });
      const second = await sendAs(member, channelId, 'second');
      expect((await remove(owner, channelId, second.id)).statusCode).toBe(200);
    });

    it('lets a member with MANAGE_MESSAGES on the channel delete there, not elsewhere', async () => {
      const { member, other, team, channelId, message } = await setup();
      await setOverwrites(channelId, { role: {}, user: { [other.id]: { allow: ChannelPermission.MANAGE_MESSAGES, deny: 0 } } });
      const elsewhere = await makeChannel(ctx, team.teamId, { name: 'elsewhere' });
      const there = await sendAs(member, elsewhere, 'elsewhere');
      const refused = await remove(other, elsewhere, there.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'message_delete_forbidden' });
      expect((await remove(other, channelId, message.id)).statusCode).toBe(200);
    });

    it('refuses a member without the permission, and a moderator whose DELETE_MESSAGES the channel takes away, with nothing changed', async () => {
      const { member, other, moderator, team, channelId, message } = await setup();
      const since = ctx.events.mark();
      const refused = await remove(other, channelId, message.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'message_delete_forbidden', message: 'You can only delete your own messages here' });
      await setOverwrites(channelId, { role: {}, user: { [moderator.id]: { allow: 0, deny: ChannelPermission.MANAGE_MESSAGES } } });
      expect((await remove(moderator, channelId, message.id)).statusCode).toBe(403);
      expect((await stored(message.id)).deletedAt).toBeNull();
      expect(ctx.events.ofType('MESSAGE_DELETED', { since })).toHaveLength(0);
      expect(await ctx.app.db.select().from(auditLogEntries).where(eq(auditLogEntries.teamId, team.teamId))).toEqual([]);
      expect((await remove(member, channelId, message.id)).statusCode).toBe(200);
    });

    it("answers 404 for another channel's or an unknown message, and to non-members", async () => {
      const { owner, team, channelId, message } = await setup();
      const elsewhere = await makeChannel(ctx, team.teamId, { name: 'elsewhere' });
      expect((await remove(owner, elsewhere, message.id)).json().code).toBe('message_not_found');
      expect((await remove(owner, channelId, newId())).json().code).toBe('message_not_found');
      const stranger = await makeUser(ctx.app);
      expect((await remove(stranger, channelId, message.id)).json().code).toBe('channel_not_found');
      expect((await stored(message.id)).deletedAt).toBeNull();
    });
  });
});
