import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messageSchema, type Message } from '@rally/shared/api/messages';
import { UserFlags } from '@rally/shared/api/users';
import { LIMITS } from '@rally/shared/limits';
import { ChannelPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { channels, messageReactions, users } from '../../db/schema';
import { newId } from '../../lib/snowflake';
import { canonicalStandardEmoji } from './standard-emoji';
import { makeEmoji } from '../emojis/testing';
import { userRateKey } from '../../lib/rate-limit';

/** 👍 as emojibase writes it (with the emoji presentation selector, U+FE0F). */
const THUMBS = '\u{1F44D}\uFE0F';

describe('reactions', () => {
  const ctx = withTestApp();
  const reactionPath = (channelId: string, messageId: string, emoji: string) =>
    `/api/v1/channels/${channelId}/messages/${messageId}/reactions/${encodeURIComponent(emoji)}`;
  const react = async (user: TestUser, channelId: string, messageId: string, emoji: string) => {
    await ctx.app.rateLimiter.reset(userRateKey('reactions', user.id));
    return call(ctx.app, 'POST', reactionPath(channelId, messageId, emoji), { cookie: user.cookie });
  };
  const unreact = async (user: TestUser, channelId: string, messageId: string, emoji: string) => {
    await ctx.app.rateLimiter.reset(userRateKey('reactions', user.id));
    return call(ctx.app, 'DELETE', reactionPath(channelId, messageId, emoji), { cookie: user.cookie });
  };
  const read = async (user: TestUser, channelId: string, messageId: string): Promise<Message> =>
    messageSchema.parse((await call(ctx.app, 'GET', `/api/v1/channels/${channelId}/messages/${messageId}`, { cookie: user.cookie })).json().message);

  async function setup() {
    const owner = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner, { name: 'Reacts', members: [member] });
    await ctx.app.rateLimiter.reset(userRateKey('messageSend', owner.id));
    const sent = await call(ctx.app, 'POST', `/api/v1/channels/${team.generalId}/messages`, { cookie: owner.cookie, body: { content: 'react to me' } });
    const message = messageSchema.parse(sent.json().message);
    return { owner, member, team, channelId: team.generalId, message };
  }

  async function stored(messageId: string) {
    return ctx.app.db.select().from(messageReactions).where(eq(messageReactions.messageId, messageId));
  }

  it('knows emojibase standard emoji, with or without the variation selector (stored as emojibase writes them), and nothing else', () => {
    expect(canonicalStandardEmoji('👍')).toBe(THUMBS);
    expect(canonicalStandardEmoji(THUMBS)).toBe(THUMBS);
    expect(canonicalStandardEmoji('👍🏽')).toBe('👍🏽');
    expect(canonicalStandardEmoji('😀')).toBe('😀');
    expect(canonicalStandardEmoji('❤')).toBe('❤️');
    expect(canonicalStandardEmoji('👨‍👩‍👧‍👦')).toBe('👨‍👩‍👧‍👦');
    for (const bad of ['a', ':thumbsup:', '👍👍', '🏽', '🇦', '', '<script>']) expect(canonicalStandardEmoji(bad)).toBeNull();
  });

  it('adds a reaction once, aggregates count, users and me per reader, and publishes MESSAGE_REACTION_ADDED', async () => {
    const { owner, member, channelId, message } = await setup();
    const since = ctx.events.mark();
    const res = await react(member, channelId, message.id, '👍');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const published = await ctx.events.waitFor('MESSAGE_REACTION_ADDED', { since });
    expect(published.audience).toEqual({ kind: 'channel', channelId });
    expect(published.event.data).toEqual({ channelId, messageId: message.id, emojiId: THUMBS, userId: member.id, emoji: null });
    // Again: nothing changes, nothing is published.
    expect((await react(member, channelId, message.id, '👍')).statusCode).toBe(200);
    expect(ctx.events.ofType('MESSAGE_REACTION_ADDED', { since })).toHaveLength(1);
    expect((await react(owner, channelId, message.id, '👍')).statusCode).toBe(200);
    expect((await react(owner, channelId, message.id, '❤')).statusCode).toBe(200);
    expect((await read(member, channelId, message.id)).reactions).toEqual([
      { emojiId: THUMBS, count: 2, users: [member.id, owner.id], me: true, emoji: null },
      { emojiId: '❤️', count: 1, users: [owner.id], me: false, emoji: null },
    ]);
    const page = (await call(ctx.app, 'GET', `/api/v1/channels/${channelId}/messages`, { cookie: owner.cookie })).json();
    expect(page.messages.find((m: Message) => m.id === message.id).reactions.map((r: { me: boolean }) => r.me)).toEqual([true, true]);
  });

  it('takes a reaction back (any form of the emoji), publishes MESSAGE_REACTION_REMOVED, and changes nothing when there was none', async () => {
    const { member, channelId, message } = await setup();
    await react(member, channelId, message.id, '❤️');
    const since = ctx.events.mark();
    const res = await unreact(member, channelId, message.id, '❤');
    expect(res.statusCode).toBe(200);
    expect(await stored(message.id)).toEqual([]);
    const published = await ctx.events.waitFor('MESSAGE_REACTION_REMOVED', { since });
    expect(published.event.data).toEqual({ channelId, messageId: message.id, emojiId: '❤️', userId: member.id });
    expect((await unreact(member, channelId, message.id, '❤️')).statusCode).toBe(200);
    expect(ctx.events.ofType('MESSAGE_REACTION_REMOVED', { since })).toHaveLength(1);
    expect((await read(member, channelId, message.id)).reactions).toEqual([]);
  });

  it(`allows at most ${LIMITS.reactions.distinctPerMessage} different emoji on a message; more of an existing one still count`, async () => {
    const { owner, member, channelId, message } = await setup();
    const standard = ['😀', '😃', '😄', '😁', '😆', '😅', '🤣', '😂', '🙂', '🙃', '😉', '😊', '😇', '🥰', '😍', '🤩', '😘', '😗', '😚', '😙', '😋'];
    for (const emoji of standard.slice(0, LIMITS.reactions.distinctPerMessage)) expect((await react(owner, channelId, message.id, emoji)).statusCode).toBe(200);
    const over = await react(member, channelId, message.id, standard[LIMITS.reactions.distinctPerMessage]!);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'reaction_limit',
      message: `A message can have at most ${LIMITS.reactions.distinctPerMessage} different reactions`,
    });
    expect((await react(member, channelId, message.id, '😀')).statusCode).toBe(200);
    expect((await stored(message.id)).length).toBe(LIMITS.reactions.distinctPerMessage + 1);
  });

  it('refuses what is not an emoji, a deleted or unknown message, and readers without CAN_SEE_MESSAGE_HISTORY, with nothing stored', async () => {
    const { owner, member, team, channelId, message } = await setup();
    for (const bad of ['a', 'thumbsup', '👍👍', newId(), '99999999999999999999']) {
      const res = await react(member, channelId, message.id, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('reaction_emoji_invalid');
    }
    expect((await call(ctx.app, 'POST', reactionPath(channelId, message.id, 'x'.repeat(40)), { cookie: member.cookie })).statusCode).toBe(400);
    expect((await react(member, channelId, newId(), '👍')).json().code).toBe('message_not_found');
    await ctx.app.db
      .update(channels)
      .set({ permissions: { role: { [team.teamId]: { allow: 0, deny: ChannelPermission.CAN_SEE_MESSAGE_HISTORY } }, user: {} } })
      .where(eq(channels.id, channelId));
    const blind = await react(member, channelId, message.id, '👍');
    expect(blind.statusCode).toBe(403);
    expect(blind.json().code).toBe('no_permission_to_view_history');
    expect((await call(ctx.app, 'DELETE', `/api/v1/channels/${channelId}/messages/${message.id}`, { cookie: owner.cookie })).statusCode).toBe(200);
    expect((await react(owner, channelId, message.id, '👍')).json().code).toBe('message_not_found');
    expect((await unreact(owner, channelId, message.id, '👍')).json().code).toBe('message_not_found');
    expect(await stored(message.id)).toEqual([]);
  });

  it("takes the team's emoji; another team's only for its members with PREMIUM and USE_EXTERNAL_EMOJIS", async () => {
    const { owner, member, team, channelId, message } = await setup();
    const own = await makeEmoji(ctx.app, team.teamId, 'gg');
    const since = ctx.events.mark();
    expect((await react(member, channelId, message.id, own.id)).statusCode).toBe(200);
    expect((await ctx.events.waitFor('MESSAGE_REACTION_ADDED', { since })).event.data.emoji).toEqual({ name: 'gg', url: own.url });
    expect((await read(owner, channelId, message.id)).reactions).toEqual([
      { emojiId: own.id, count: 1, users: [member.id], me: false, emoji: { name: 'gg', url: own.url } },
    ]);

    const otherTeam = await makeTeam(ctx, owner, { name: 'Elsewhere' });
    const foreign = await makeEmoji(ctx.app, otherTeam.teamId, 'far');
    // The member is not in that team: not an emoji they can use.
    expect((await react(member, channelId, message.id, foreign.id)).json().code).toBe('reaction_emoji_invalid');
    // The owner is, but without PREMIUM.
    const plain = await react(owner, channelId, message.id, foreign.id);
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toMatchObject({ code: 'reaction_emoji_external', message: 'Emoji from other teams need Rally Plus' });
    await ctx.app.db.update(users).set({ flags: UserFlags.PREMIUM }).where(eq(users.id, owner.id));
    expect((await react(owner, channelId, message.id, foreign.id)).statusCode).toBe(200);
    // A channel that takes USE_EXTERNAL_EMOJIS away from a premium member.
    await ctx.app.db.update(users).set({ flags: UserFlags.PREMIUM }).where(eq(users.id, member.id));
    const thirdTeam = await makeTeam(ctx, member, { name: 'Third' });
    const third = await makeEmoji(ctx.app, thirdTeam.teamId, 'third');
    await ctx.app.db
      .update(channels)
      .set({ permissions: { role: { [team.teamId]: { allow: 0, deny: ChannelPermission.USE_EXTERNAL_EMOJIS } }, user: {} } })
      .where(eq(channels.id, channelId));
    const denied = await react(member, channelId, message.id, third.id);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('reaction_emoji_external_forbidden');
    expect(
      await ctx.app.db
        .select()
        .from(messageReactions)
        .where(and(eq(messageReactions.messageId, message.id), eq(messageReactions.emojiId, third.id))),
    ).toEqual([]);
  });

  it("GET /api/me/reactions lists the emoji of the user's teams only", async () => {
    const { owner, member, team } = await setup();
    const gg = await makeEmoji(ctx.app, team.teamId, 'gg');
    const ownerOnly = await makeTeam(ctx, owner, { name: 'Solo' });
    const solo = await makeEmoji(ctx.app, ownerOnly.teamId, 'solo');
    for (const path of ['/api/v1/me/reactions', '/api/me/reactions']) {
      const res = await call(ctx.app, 'GET', path, { cookie: member.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, reactions: [gg] });
    }
    const mine = (await call(ctx.app, 'GET', '/api/me/reactions', { cookie: owner.cookie })).json().reactions;
    expect(mine).toEqual(expect.arrayContaining([gg, solo]));
    expect(mine).toHaveLength(2);
  });
});
