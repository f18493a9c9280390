import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messageSchema, type Message } from '@rally/shared/api/messages';
import { UserFlags } from '@rally/shared/api/users';
import { RATE_LIMITS } from '@rally/shared/limits';
import { ChannelPermission, type ChannelOverwrites } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeChannel, makeMember, makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { first, last } from '../../../test/helpers/rows';
import { channels, users } from '../../db/schema';
import { newId } from '../../lib/snowflake';
import { insertMessage } from './repository';

describe('messages', () => {
  const ctx = withTestApp();

  const send = (user: TestUser, channelId: string, body: Record<string, unknown>) =>
    call(ctx.app, 'POST', `/api/v1/channels/${channelId}/messages`, { cookie: user.cookie, body });
  const list = (user: TestUser, channelId: string, query = '') =>
    call(ctx.app, 'GET', `/api/v1/channels/${channelId}/messages${query}`, { cookie: user.cookie });
  const ids = (res: { json(): { messages: Message[] } }) => res.json().messages.map((m) => m.id);

  /** A team with an owner, a second member and its general channel. */
  async function setup() {
    const owner = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner, { name: 'Chat', members: [member] });
    return { owner, member, team, channelId: team.generalId };
  }

  async function setOverwrites(channelId: string, permissions: ChannelOverwrites) {
    await ctx.app.db.update(channels).set({ permissions }).where(eq(channels.id, channelId));
  }

  /** Fixture: `n` messages stored directly (the send route is rate limited), oldest first. */
  async function seed(channelId: string, authorId: string, n: number): Promise<string[]> {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push((await insertMessage(ctx.app.db, { id: newId(), channelId, authorId, content: `m${i}` })).id);
    return out;
  }

  describe('POST /api/v1/channels/{channelId}/messages', () => {
    it('stores the message, echoes the nonce, and publishes MESSAGE_SEND to the channel', async () => {
      const { member, channelId } = await setup();
      const since = ctx.events.mark();
      const res = await send(member, channelId, { content: '  hello there  ', nonce: 'nonce-1' });
      expect(res.statusCode).toBe(201);
      const message = messageSchema.parse(res.json().message);
      expect(res.json().success).toBe(true);
      expect(message).toMatchObject({
        channelId,
        content: 'hello there',
        nonce: 'nonce-1',
        replyTo: null,
        editedAt: null,
        type: 'text',
        createdBy: { id: member.id, username: member.username, profilePicture: null, presence: 1 },
      });
      const published = await ctx.events.waitFor('MESSAGE_SEND', { since });
      expect(ctx.events.ofType('MESSAGE_SEND', { since })).toHaveLength(1);
      expect(published.audience).toEqual({ kind: 'channel', channelId });
      expect(published.event.data).toEqual(message);

      const listed = await list(member, channelId);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual({ success: true, messages: [message], replyMessages: [], hasMore: false });
    });

    it('limits length to 2000 characters, 5000 with the PREMIUM flag', async () => {
      const { owner, channelId } = await setup();
      expect((await send(owner, channelId, { content: 'x'.repeat(2000) })).statusCode).toBe(201);
      const long = await send(owner, channelId, { content: 'x'.repeat(2001) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ code: 'message_too_long', message: 'Messages can be at most 2000 characters long' });
      const huge = await send(owner, channelId, { content: 'x'.repeat(60_000) });
      expect(huge.json()).toMatchObject({ code: 'message_too_long', message: 'Messages can be at most 2000 characters long' });

      await ctx.app.db.update(users).set({ flags: UserFlags.PREMIUM }).where(eq(users.id, owner.id));
      expect((await send(owner, channelId, { content: 'y'.repeat(5000) })).statusCode).toBe(201);
      const premiumLong = await send(owner, channelId, { content: 'y'.repeat(5001) });
      expect(premiumLong.statusCode).toBe(400);
      expect(premiumLong.json()).toMatchObject({ code: 'message_too_long', message: 'Messages can be at most 5000 characters long' });
    });

    it('refuses empty messages', async () => {
      const { owner, channelId } = await setup();
      for (const content of ['', '   \n ', '###']) {
        const res = await send(owner, channelId, { content });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'message_empty', message: 'A message needs text or an attachment' });
      }
      expect((await send(owner, channelId, {})).statusCode).toBe(400);
    });

    it('refuses without SEND_MESSAGES (a default-role overwrite); the owner still sends', async () => {
      const { owner, member, team, channelId } = await setup();
      await setOverwrites(channelId, { role: { [team.teamId]: { allow: 0, deny: ChannelPermission.SEND_MESSAGES } }, user: {} });
      const res = await send(member, channelId, { content: 'hi' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'no_permission_to_send_messages', message: "You don't have permission to send messages in this channel" });
      expect((await send(owner, channelId, { content: 'hi' })).statusCode).toBe(201);
      // Reading is still allowed.
      expect((await list(member, channelId)).statusCode).toBe(200);
    });

    it('refuses reading and sending without VIEW_CHANNEL', async () => {
      const { member, team, channelId } = await setup();
      await setOverwrites(channelId, { role: { [team.teamId]: { allow: 0, deny: ChannelPermission.VIEW_CHANNEL } }, user: {} });
      for (const res of [await send(member, channelId, { content: 'hi' }), await list(member, channelId)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('no_permission_to_view_channel');
      }
    });

    it('refuses reading without CAN_SEE_MESSAGE_HISTORY, while sending still works', async () => {
      const { member, team, channelId } = await setup();
      await setOverwrites(channelId, { role: { [team.teamId]: { allow: 0, deny: ChannelPermission.CAN_SEE_MESSAGE_HISTORY } }, user: {} });
      const res = await list(member, channelId);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'no_permission_to_view_history', message: "You don't have permission to view the message history" });
      expect((await send(member, channelId, { content: 'hi' })).statusCode).toBe(201);
    });

    it('answers 404 channel_not_found to non-members and for unknown channels and categories', async () => {
      const { owner, team, channelId } = await setup();
      const stranger = await makeUser(ctx.app);
      for (const res of [
        await send(stranger, channelId, { content: 'hi' }),
        await list(stranger, channelId),
        await send(owner, newId(), { content: 'hi' }),
        await list(owner, newId()),
        await send(owner, team.categoryId, { content: 'hi' }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'channel_not_found', message: 'Channel not found' });
      }
      expect((await call(ctx.app, 'POST', `/api/v1/channels/${channelId}/messages`, { body: { content: 'hi' } })).statusCode).toBe(401);
    });

    it('accepts messages only in text channels for now', async () => {
      const { owner, team } = await setup();
      const voiceId = await makeChannel(ctx, team.teamId, { type: 'voice', name: 'Voice' });
      const res = await send(owner, voiceId, { content: 'hi' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('channel_messages_unsupported');
    });

    it('accepts a reply to a message of the same channel only, and returns replied-to messages outside the page', async () => {
      const { owner, member, channelId } = await setup();
      const other = await setup();
      const original = (await send(owner, channelId, { content: 'original' })).json().message as Message;
      const elsewhere = (await send(other.owner, other.channelId, { content: 'elsewhere' })).json().message as Message;
      await seed(channelId, owner.id, 50);
      const reply = await send(member, channelId, { content: 'a reply', replyTo: original.id });
      expect(reply.statusCode).toBe(201);
      expect(reply.json().message.replyTo).toBe(original.id);
      for (const replyTo of [elsewhere.id, newId()]) {
        const bad = await send(member, channelId, { content: 'bad reply', replyTo });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toMatchObject({ code: 'message_reply_invalid', errors: { replyTo: expect.any(String) } });
      }
      const page = await list(member, channelId);
      expect(page.json().messages.map((m: Message) => m.id)).not.toContain(original.id);
      expect(page.json().replyMessages).toEqual([original]);
    });

    it(`rate limits sends per user (${RATE_LIMITS.messageSend.count} per ${RATE_LIMITS.messageSend.windowMs / 1000} s) with 429`, async () => {
      const { owner, member, channelId } = await setup();
      const statuses: number[] = [];
      let limited: Awaited<ReturnType<typeof send>> | null = null;
      for (let i = 0; i < 3 * RATE_LIMITS.messageSend.count && !limited; i++) {
        const res = await send(member, channelId, { content: `spam ${i}` });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) limited = res;
      }
      expect(limited).not.toBeNull();
      expect(limited!.json().code).toBe('too_many_requests');
      expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(RATE_LIMITS.messageSend.count);
      expect(statuses.slice(0, RATE_LIMITS.messageSend.count).every((s) => s === 201)).toBe(true);
      // Another user is not affected.
      expect((await send(owner, channelId, { content: 'still here' })).statusCode).toBe(201);
    });

    it('enforces slowmode (rateLimitPerUser seconds per user per channel) with 429 slowmode_active; MANAGE_MESSAGES or MANAGE_CHANNEL there exempts', async () => {
      const { owner, member, team, channelId } = await setup();
      await ctx.app.db.update(channels).set({ rateLimitPerUser: 30 }).where(eq(channels.id, channelId));
      expect((await send(member, channelId, { content: 'first' })).statusCode).toBe(201);
      const slowed = await send(member, channelId, { content: 'second' });
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json()).toMatchObject({ code: 'slowmode_active' });
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(25);
      // A refused message does not count: the member's other channels are not slowed.
      const elsewhere = await makeChannel(ctx, team.teamId, { name: 'fast' });
      expect((await send(member, elsewhere, { content: 'elsewhere' })).statusCode).toBe(201);
      expect((await send(member, elsewhere, { content: 'elsewhere again' })).statusCode).toBe(201);
      // The owner holds every bit (MANAGE_CHANNEL included); a member given MANAGE_MESSAGES there is exempt too.
      for (let i = 0; i < 2; i++) expect((await send(owner, channelId, { content: `owner ${i}` })).statusCode).toBe(201);
      const mod = await makeUser(ctx.app);
      await makeMember(ctx, team.teamId, mod);
      await setOverwrites(channelId, { role: {}, user: { [mod.id]: { allow: ChannelPermission.MANAGE_MESSAGES, deny: 0 } } });
      for (let i = 0; i < 2; i++) expect((await send(mod, channelId, { content: `mod ${i}` })).statusCode).toBe(201);
    });
  });

  describe('GET /api/v1/channels/{channelId}/messages paging', () => {
    let member: TestUser;
    let channelId: string;
    let all: string[];
    beforeAll(async () => {
      const s = await setup();
      member = s.member;
      channelId = s.channelId;
      all = await seed(channelId, s.owner.id, 120);
    });

    it('gives the newest page by default, oldest first within it', async () => {
      const res = await list(member, channelId);
      expect(ids(res)).toEqual(all.slice(70));
      expect(res.json().hasMore).toBe(true);
      expect(ids(await list(member, channelId, '?limit=5'))).toEqual(all.slice(115));
    });

    it('walks back with before: every message exactly once, in order', async () => {
      const pages: string[][] = [];
      let query = '?limit=50';
      for (;;) {
        const res = await list(member, channelId, query);
        const page = ids(res);
        pages.unshift(page);
        if (!res.json().hasMore) break;
        query = `?limit=50&before=${first(page, 'message')}`;
      }
      expect(pages.map((p) => p.length)).toEqual([20, 50, 50]);
      expect(pages.flat()).toEqual(all);
    });

    it('walks forward with after: every message exactly once, in order', async () => {
      const seen: string[] = [];
      let after = '0';
      let pages = 0;
      for (;;) {
        const res = await list(member, channelId, `?limit=50&after=${after}`);
        const page = ids(res);
        seen.push(...page);
        pages++;
        if (!res.json().hasMore) break;
        after = last(page, 'message');
      }
      expect(pages).toBe(3);
      expect(seen).toEqual(all);
      const tail = await list(member, channelId, `?after=${last(all)}`);
      expect(tail.json()).toMatchObject({ messages: [], hasMore: false });
    });

    it('loads around a message with messageId: it and older ones up to half the page, then newer ones', async () => {
      const around = await list(member, channelId, `?limit=10&messageId=${all[60]}`);
      expect(ids(around)).toEqual(all.slice(56, 66));
      expect(around.json()).toMatchObject({ hasMore: true, hasNewer: true });
      const nearStart = await list(member, channelId, `?messageId=${all[2]}`);
      expect(ids(nearStart)).toEqual(all.slice(0, 28));
      expect(nearStart.json()).toMatchObject({ hasMore: false, hasNewer: true });
      const newest = await list(member, channelId, `?limit=4&messageId=${last(all)}`);
      expect(ids(newest)).toEqual(all.slice(118));
      expect(newest.json()).toMatchObject({ hasMore: true, hasNewer: false });
      expect((await list(member, channelId, `?messageId=${all[5]}&before=${all[9]}`)).statusCode).toBe(400);
      // The largest id (no message): the newest half page, nothing newer.
      const beyond = await list(member, channelId, '?limit=6&messageId=9223372036854775807');
      expect(ids(beyond)).toEqual(all.slice(117));
      expect(beyond.json()).toMatchObject({ hasMore: true, hasNewer: false });
    });

    it('pages with offset from the newest: every message exactly once, in order', async () => {
      const pages: string[][] = [];
      for (let offset = 0; ; offset += 50) {
        const res = await list(member, channelId, `?limit=50&offset=${offset}`);
        pages.unshift(ids(res));
        if (!res.json().hasMore) break;
      }
      expect(pages.flat()).toEqual(all);
      expect(ids(await list(member, channelId, `?limit=10&offset=5&before=${all[100]}`))).toEqual(all.slice(85, 95));
    });

    it('refuses bad paging parameters', async () => {
      for (const query of ['?limit=0', '?limit=51', '?offset=-1', '?before=abc', `?after=${all[0]}&before=${all[5]}`]) {
        expect((await list(member, channelId, query)).statusCode).toBe(400);
      }
    });
  });
});
