import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customEmojiToken } from '@rally/shared/api/emojis';
import { DEFAULT_USER_SETTINGS, UserFlags } from '@rally/shared/api/users';
import { LIMITS } from '@rally/shared/limits';
import { ChannelPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeChannel, makeTeam, makeUser, type TeamFixture, type TestUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { emojis, messages, scheduledMessages, users } from '../../db/schema';
import { makeEmoji } from '../emojis/testing';
import { userRateKey } from '../../lib/rate-limit';

/**
 * Team emoji in a message's text (docs/message-format.md, "Team emoji"): what the server keeps of a
 * `<:name:id>` on send, edit and a scheduled send, by the rule of reactions (emojis/usable.ts).
 */
describe('team emoji in messages', () => {
  const ctx = withTestApp();

  let author: TestUser;
  let mate: TestUser;
  let home: TeamFixture;
  let other: TeamFixture;
  /** Of the channel's team. */
  let own: { id: string; name: string };
  /** Of another team the author belongs to. */
  let theirs: { id: string; name: string };
  /** Of a team the author is not in. */
  let stranger: { id: string; name: string };

  beforeAll(async () => {
    author = await makeUser(ctx.app, 'author');
    mate = await makeUser(ctx.app, 'mate');
    const outsider = await makeUser(ctx.app, 'outsider');
    home = await makeTeam(ctx, author, { name: 'Home', members: [mate] });
    other = await makeTeam(ctx, mate, { name: 'Other', members: [author] });
    const far = await makeTeam(ctx, outsider, { name: 'Far' });
    own = await makeEmoji(ctx.app, home.teamId, 'home_gg');
    theirs = await makeEmoji(ctx.app, other.teamId, 'other_gg');
    stranger = await makeEmoji(ctx.app, far.teamId, 'far_gg');
  });

  const setPremium = (who: TestUser, premium: boolean) =>
    ctx.db
      .update(users)
      .set({ flags: premium ? UserFlags.PREMIUM : 0 })
      .where(eq(users.id, who.id));

  async function send(who: TestUser, channelId: string, content: string, extra: Record<string, unknown> = {}) {
    await ctx.app.rateLimiter.reset(userRateKey('messageSend', who.id));
    return call(ctx.app, 'POST', `/api/v1/channels/${channelId}/messages`, { cookie: who.cookie, body: { content, ...extra } });
  }

  /** Send `content` and answer what was stored (the answer and the row agree). */
  async function stored(who: TestUser, channelId: string, content: string): Promise<string> {
    const res = await send(who, channelId, content);
    expect(res.statusCode, res.body).toBe(201);
    const { id, content: answered } = res.json().message as { id: string; content: string };
    expect(first(await ctx.db.select().from(messages).where(eq(messages.id, id))).content).toBe(answered);
    return answered;
  }

  const t = customEmojiToken;

  it("keeps the channel's team emoji, with its current name, for anyone of the team", async () => {
    await setPremium(author, false);
    expect(await stored(author, home.generalId, `gg ${t(own)}!`)).toBe(`gg ${t(own)}!`);
    expect(await stored(mate, home.generalId, `${t({ id: own.id, name: 'old_name' })} x`)).toBe(`${t(own)} x`);
  });

  it("turns another team's emoji into :name: without Plus, and keeps it with Plus and USE_EXTERNAL_EMOJIS", async () => {
    await setPremium(author, false);
    expect(await stored(author, home.generalId, `a ${t(theirs)} b ${t(own)}`)).toBe(`a :other_gg: b ${t(own)}`);
    await setPremium(author, true);
    expect(await stored(author, home.generalId, `a ${t(theirs)} b`)).toBe(`a ${t(theirs)} b`);
    // Plus, but not a member of the emoji's team.
    expect(await stored(author, home.generalId, t(stranger))).toBe(':far_gg:');
    await setPremium(author, false);
    // Plus, but the channel takes USE_EXTERNAL_EMOJIS away (from a member: the owner holds every bit).
    const strict = await makeChannel(ctx, home.teamId, {
      name: 'strict',
      permissions: { role: { [home.teamId]: { allow: 0, deny: ChannelPermission.USE_EXTERNAL_EMOJIS } }, user: {} },
    });
    await setPremium(mate, true);
    expect(await stored(mate, home.generalId, t(theirs))).toBe(t(theirs));
    expect(await stored(mate, strict, `${t(theirs)} ${t(own)}`)).toBe(`:other_gg: ${t(own)}`);
    await setPremium(mate, false);
  });

  it('turns an emoji that does not exist (or no longer) into :name:, and leaves code, escapes and malformed tokens as written', async () => {
    await setPremium(author, false);
    const gone = await makeEmoji(ctx.app, home.teamId, 'gone');
    await ctx.db.delete(emojis).where(eq(emojis.id, gone.id));
    expect(await stored(author, home.generalId, `${t(gone)} <:nope:1> <:big:9223372036854775807>`)).toBe(':gone: :nope: :big:');
    const code = `\`${t(theirs)}\` \\${t(theirs)} <:bad name:1> <:x:12345678901234567890>\n\`\`\`\n${t(theirs)}\n\`\`\``;
    expect(await stored(author, home.generalId, code)).toBe(code);
    // Shown once and also in code: every copy goes.
    expect(await stored(author, home.generalId, `${t(theirs)} \`${t(theirs)}\``)).toBe(':other_gg: `:other_gg:`');
  });

  it('applies the same rule to an edit', async () => {
    await setPremium(author, false);
    const sent = (await send(author, home.generalId, 'plain')).json().message as { id: string };
    const edit = (content: string) =>
      call(ctx.app, 'PATCH', `/api/v1/channels/${home.generalId}/messages/${sent.id}`, { cookie: author.cookie, body: { content } });
    const res = await edit(`now ${t(theirs)} and ${t({ id: own.id, name: 'renamed' })}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.content).toBe(`now :other_gg: and ${t(own)}`);
    expect(first(await ctx.db.select().from(messages).where(eq(messages.id, sent.id))).content).toBe(`now :other_gg: and ${t(own)}`);
  });

  it('refuses a text that the current names would take over the length limit', async () => {
    await setPremium(author, false);
    const long = await makeEmoji(ctx.app, home.teamId, 'x'.repeat(LIMITS.emoji.nameMax));
    const token = t({ id: long.id, name: 'x' });
    const content = `${'a'.repeat(2000 - token.length)}${token}`;
    expect(content.length).toBe(2000);
    const res = await send(author, home.generalId, content);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'message_too_long' });
  });

  it('in a direct chat keeps only the emoji of teams the author belongs to, with Plus', async () => {
    const friend = await makeUser(ctx.app, 'friend', {
      settings: { ...DEFAULT_USER_SETTINGS, privacy: { friendRequests: 'everyone', directMessages: 'everyone' } },
    });
    const opened = await call(ctx.app, 'POST', '/api/v1/me/chats', { cookie: author.cookie, body: { users: [{ id: friend.id }] } });
    expect(opened.statusCode, opened.body).toBe(200);
    const dmId = opened.json().dm.id as string;
    await setPremium(author, false);
    expect(await stored(author, dmId, `${t(own)} ${t(theirs)}`)).toBe(':home_gg: :other_gg:');
    await setPremium(author, true);
    expect(await stored(author, dmId, `${t(own)} ${t(theirs)} ${t(stranger)}`)).toBe(`${t(own)} ${t(theirs)} :far_gg:`);
    await setPremium(author, false);
  });

  it('checks a scheduled message when it is scheduled and again when it is sent', async () => {
    await setPremium(author, true);
    const scheduledAt = new Date(Date.now() + 60_000).toISOString();
    const res = await send(author, home.generalId, `later ${t(theirs)} ${t(stranger)}`, { scheduledAt });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().scheduledMessage as { id: string };
    expect(first(await ctx.db.select().from(scheduledMessages).where(eq(scheduledMessages.id, id))).content).toBe(`later ${t(theirs)} :far_gg:`);
    // Plus lapses before it is due: sent with the rule of then.
    await setPremium(author, false);
    await ctx.db
      .update(scheduledMessages)
      .set({ sendAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledMessages.id, id));
    const since = ctx.events.mark();
    await ctx.app.scheduler.run();
    const sent = await ctx.events.waitFor('MESSAGE_SEND', { since, where: (e) => e.event.data.type === 'scheduled' });
    expect(sent.event.data.content).toBe('later :other_gg: :far_gg:');
  });
});
