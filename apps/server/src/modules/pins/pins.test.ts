import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messageSchema, type Message } from '@rally/shared/api/messages';
import { listPinsResponseSchema } from '@rally/shared/api/pins';
import { LIMITS } from '@rally/shared/limits';
import { ChannelPermission, TeamPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeChannel, makeMember, makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { channels, messages } from '../../db/schema';
import { userRateKey } from '../../lib/rate-limit';
import { newId } from '../../lib/snowflake';
import { insertMessage } from '../messages/repository';

/** Pinned messages: PUT/DELETE /api/v1/channels/{channelId}/pins/{messageId}, GET /api/v1/channels/{channelId}/pins. */
describe('pins', () => {
  const ctx = withTestApp();
  const pinPath = (channelId: string, messageId: string) => `/api/v1/channels/${channelId}/pins/${messageId}`;

  /** Pin or unpin as `who` (the per-user limit of message changes reset first: these tests make many). */
  async function pinAs(method: 'PUT' | 'DELETE', who: TestUser, channelId: string, messageId: string) {
    await ctx.app.rateLimiter.reset(userRateKey('messageChange', who.id));
    return call(ctx.app, method, pinPath(channelId, messageId), { cookie: who.cookie });
  }
  const pin = (who: TestUser, channelId: string, messageId: string) => pinAs('PUT', who, channelId, messageId);
  const unpin = (who: TestUser, channelId: string, messageId: string) => pinAs('DELETE', who, channelId, messageId);

  async function pins(who: TestUser, channelId: string) {
    const res = await call(ctx.app, 'GET', `/api/v1/channels/${channelId}/pins`, { cookie: who.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return listPinsResponseSchema.parse(res.json()).pins;
  }

  async function sendAs(who: TestUser, channelId: string, content: string): Promise<Message> {
    await ctx.app.rateLimiter.reset(userRateKey('messageSend', who.id));
    const res = await call(ctx.app, 'POST', `/api/v1/channels/${channelId}/messages`, { cookie: who.cookie, body: { content } });
    expect(res.statusCode, res.body).toBe(201);
    return messageSchema.parse(res.json().message);
  }

  async function history(who: TestUser, channelId: string): Promise<Message[]> {
    const res = await call(ctx.app, 'GET', `/api/v1/channels/${channelId}/messages`, { cookie: who.cookie });
    return res.json().messages as Message[];
  }

  async function stored(id: string) {
    return first(await ctx.app.db.select().from(messages).where(eq(messages.id, id)), 'message');
  }

  /** A team (owner, a member, a moderator with DELETE_MESSAGES) and a message of the member in #general. */
  async function setup() {
    const [owner, member, moderator] = await Promise.all([makeUser(ctx.app), makeUser(ctx.app), makeUser(ctx.app)]);
    const team = await makeTeam(ctx, owner, { name: 'Pins', members: [member] });
    await makeMember(ctx, team.teamId, moderator, { roles: [{ name: 'Mods', permissions: TeamPermission.DELETE_MESSAGES }] });
    const channelId = team.generalId;
    const message = await sendAs(member, channelId, 'worth keeping');
    return { owner, member, moderator, team, channelId, message };
  }

  it('lets a moderator pin: the flag, the list, the system message and CHANNEL_PINS_UPDATED', async () => {
    const { member, moderator, channelId, message } = await setup();
    const since = ctx.events.mark();
    const res = await pin(moderator, channelId, message.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const row = await stored(message.id);
    expect(row.pinnedBy).toBe(moderator.id);
    expect(row.pinnedAt).toBeInstanceOf(Date);

    const listed = await pins(member, channelId);
    expect(listed).toEqual([{ message: { ...message, pinned: true, nonce: null }, pinnedAt: row.pinnedAt!.toISOString(), pinnedBy: moderator.id }]);

    const event = await ctx.events.waitFor('CHANNEL_PINS_UPDATED', { since });
    expect(event.audience).toEqual({ kind: 'channel', channelId });
    expect(event.event.data).toEqual({ channelId, messageId: message.id, pinned: true });

    // "<moderator> pinned a message.": a system message of the moderator that refers to the pinned one.
    const notice = await ctx.events.waitFor('MESSAGE_SEND', { since, where: (e) => e.event.data.type === 'system' });
    expect(notice.audience).toEqual({ kind: 'channel', channelId });
    expect(notice.event.data).toMatchObject({ channelId, type: 'system', content: '', replyTo: message.id, createdBy: { id: moderator.id }, pinned: false });
    const page = await history(member, channelId);
    expect(page.map((m) => [m.id, m.type, m.pinned])).toEqual([
      [message.id, 'text', true],
      [notice.event.data.id, 'system', false],
    ]);
  });

  it('changes nothing when pinning a pinned message or unpinning an unpinned one (200, no event, no second notice)', async () => {
    const { moderator, channelId, message } = await setup();
    expect((await pin(moderator, channelId, message.id)).statusCode).toBe(200);
    const before = await stored(message.id);
    const since = ctx.events.mark();
    expect((await pin(moderator, channelId, message.id)).statusCode).toBe(200);
    expect(await stored(message.id)).toEqual(before);
    expect((await unpin(moderator, channelId, message.id)).statusCode).toBe(200);
    const unpinned = ctx.events.ofType('CHANNEL_PINS_UPDATED', { since });
    expect(unpinned.map((e) => e.event.data.pinned)).toEqual([false]);
    const mark = ctx.events.mark();
    expect((await unpin(moderator, channelId, message.id)).statusCode).toBe(200);
    expect(ctx.events.ofType('CHANNEL_PINS_UPDATED', { since: mark })).toHaveLength(0);
    expect(ctx.events.ofType('MESSAGE_SEND', { since })).toHaveLength(0);
    expect(await ctx.app.db.select().from(messages).where(eq(messages.channelId, channelId))).toHaveLength(2); // the message and the first pin's notice
    expect(await stored(message.id)).toMatchObject({ pinnedAt: null, pinnedBy: null });
  });

  it('refuses a member without MANAGE_MESSAGES (403), a moderator whose bit the channel takes away, and answers 404 to outsiders and for unknown messages', async () => {
    const { owner, member, moderator, team, channelId, message } = await setup();
    const since = ctx.events.mark();
    const refused = await pin(member, channelId, message.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    await ctx.app.db
      .update(channels)
      .set({ permissions: { role: {}, user: { [moderator.id]: { allow: 0, deny: ChannelPermission.MANAGE_MESSAGES } } } })
      .where(eq(channels.id, channelId));
    expect((await pin(moderator, channelId, message.id)).statusCode).toBe(403);
    const stranger = await makeUser(ctx.app);
    expect((await pin(stranger, channelId, message.id)).json().code).toBe('channel_not_found');
    expect((await call(ctx.app, 'GET', `/api/v1/channels/${channelId}/pins`, { cookie: stranger.cookie })).statusCode).toBe(404);
    expect(await stored(message.id)).toMatchObject({ pinnedAt: null });
    expect(ctx.events.ofType('CHANNEL_PINS_UPDATED', { since })).toHaveLength(0);
    // The owner may; an unknown message, or one of another channel, is not found.
    const elsewhere = await makeChannel(ctx, team.teamId, { name: 'elsewhere' });
    expect((await pin(owner, elsewhere, message.id)).json().code).toBe('message_not_found');
    expect((await pin(owner, channelId, newId())).json().code).toBe('message_not_found');
    expect((await unpin(owner, channelId, newId())).json().code).toBe('message_not_found');
    expect((await pin(owner, channelId, message.id)).statusCode).toBe(200);
  });

  it(`refuses the pin past ${LIMITS.pins.perChannel} in a channel with a clear 400, and pins again once one is unpinned`, async () => {
    const { owner, member, channelId } = await setup();
    const ids = Array.from({ length: LIMITS.pins.perChannel + 1 }, () => newId());
    // The limit's worth of pinned messages, and one more not pinned.
    const last = ids.at(-1)!;
    for (const id of ids) {
      const pinned = id === last ? {} : { pinnedAt: new Date(), pinnedBy: owner.id };
      await insertMessage(ctx.db, { id, channelId, authorId: member.id, content: `m ${id}`, ...pinned });
    }
    const since = ctx.events.mark();
    const refused = await pin(owner, channelId, last);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'pins_limit_reached',
      message: `This channel already has ${LIMITS.pins.perChannel} pinned messages: unpin one first`,
    });
    const tr = await call(ctx.app, 'PUT', pinPath(channelId, last), { cookie: owner.cookie, headers: { 'accept-language': 'tr' } });
    expect(tr.json().message).toBe(`Bu kanalda zaten ${LIMITS.pins.perChannel} sabitlenmiş mesaj var: önce birinin sabitlemesini kaldır`);
    expect(await stored(last)).toMatchObject({ pinnedAt: null });
    expect(ctx.events.ofType('MESSAGE_SEND', { since })).toHaveLength(0);
    expect((await unpin(owner, channelId, ids[0]!)).statusCode).toBe(200);
    expect((await pin(owner, channelId, last)).statusCode).toBe(200);
    const listed = await pins(member, channelId);
    expect(listed).toHaveLength(LIMITS.pins.perChannel);
    expect(listed[0]!.message.id).toBe(last); // newest pin first
  });

  it('keeps the pin through an edit; deleting a pinned message removes its pin and tells the channel', async () => {
    const { member, moderator, channelId, message } = await setup();
    expect((await pin(moderator, channelId, message.id)).statusCode).toBe(200);
    await ctx.app.rateLimiter.reset(userRateKey('messageChange', member.id));
    const edited = await call(ctx.app, 'PATCH', `/api/v1/channels/${channelId}/messages/${message.id}`, { cookie: member.cookie, body: { content: 'edited' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toMatchObject({ content: 'edited', pinned: true });
    expect((await pins(member, channelId)).map((p) => p.message.content)).toEqual(['edited']);

    const since = ctx.events.mark();
    expect((await call(ctx.app, 'DELETE', `/api/v1/channels/${channelId}/messages/${message.id}`, { cookie: member.cookie })).statusCode).toBe(200);
    const event = await ctx.events.waitFor('CHANNEL_PINS_UPDATED', { since });
    expect(event.event.data).toEqual({ channelId, messageId: message.id, pinned: false });
    expect(await stored(message.id)).toMatchObject({ pinnedAt: null, pinnedBy: null });
    expect(await pins(member, channelId)).toEqual([]);
  });

  it('lets any member of a direct chat pin and unpin; others get 404', async () => {
    const [ada, bob, eve] = await Promise.all([makeUser(ctx.app), makeUser(ctx.app), makeUser(ctx.app)]);
    const opened = await call(ctx.app, 'POST', '/api/v1/me/chats', { cookie: ada.cookie, body: { users: [{ id: bob.id }] } });
    expect(opened.statusCode, opened.body).toBe(200);
    const dmId = (opened.json().dm as { id: string }).id;
    const message = await sendAs(ada, dmId, 'our plan');
    const since = ctx.events.mark();
    expect((await pin(bob, dmId, message.id)).statusCode).toBe(200);
    const notice = await ctx.events.waitFor('MESSAGE_SEND', { since });
    expect(notice.event.data).toMatchObject({ type: 'system', replyTo: message.id, createdBy: { id: bob.id } });
    expect((await pins(ada, dmId)).map((p) => [p.message.id, p.pinnedBy])).toEqual([[message.id, bob.id]]);
    expect((await pin(eve, dmId, message.id)).statusCode).toBe(404);
    expect((await unpin(eve, dmId, message.id)).statusCode).toBe(404);
    expect((await unpin(ada, dmId, message.id)).statusCode).toBe(200);
    expect(await pins(bob, dmId)).toEqual([]);
  });
});
