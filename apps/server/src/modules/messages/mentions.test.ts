import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messageSchema, type MessageMentions } from '@rally/shared/api/messages';
import { TeamPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeMember, makeRole, makeTeam, makeUser, type TeamFixture, type TestUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { messages, roles } from '../../db/schema';
import { userRateKey } from '../../lib/rate-limit';

describe('mentions (resolved on send, stored in messages.mentions)', () => {
  const ctx = withTestApp();
  let owner: TestUser;
  let member: TestUser;
  let announcer: TestUser;
  let outsider: TestUser;
  let team: TeamFixture;
  let mentionableRole: string;
  let quietRole: string;
  let otherTeamRole: string;

  beforeAll(async () => {
    owner = await makeUser(ctx.app);
    member = await makeUser(ctx.app);
    announcer = await makeUser(ctx.app);
    outsider = await makeUser(ctx.app);
    team = await makeTeam(ctx.app, owner, { members: [member] });
    await makeMember(ctx.app, team.teamId, announcer, { roles: [{ name: 'Heralds', permissions: TeamPermission.MENTION_EVERYONE_AND_HERE }] });
    mentionableRole = await makeRole(ctx.app, team.teamId, { name: 'Raiders', permissions: 0 });
    quietRole = await makeRole(ctx.app, team.teamId, { name: 'Quiet', permissions: 0 });
    await ctx.app.db.update(roles).set({ mentionable: true }).where(eq(roles.id, mentionableRole));
    const other = await makeTeam(ctx.app, outsider);
    otherTeamRole = await makeRole(ctx.app, other.teamId, { name: 'Elsewhere', permissions: 0 });
    await ctx.app.db.update(roles).set({ mentionable: true }).where(eq(roles.id, otherTeamRole));
  });

  /** Send as `who` and return the mentions of the answer, after checking that the row and MESSAGE_SEND carry the same. */
  async function sendMentions(who: TestUser, content: string): Promise<MessageMentions> {
    await ctx.app.rateLimiter.reset(userRateKey('messageSend', who.id));
    const since = ctx.events.mark();
    const res = await call(ctx.app, 'POST', `/api/v1/channels/${team.generalId}/messages`, { cookie: who.cookie, body: { content } });
    expect(res.statusCode).toBe(201);
    const message = messageSchema.parse(res.json().message);
    const row = first(await ctx.app.db.select({ mentions: messages.mentions }).from(messages).where(eq(messages.id, message.id)));
    expect(row.mentions).toEqual(message.mentions);
    const event = await ctx.events.waitFor('MESSAGE_SEND', { since });
    expect(event.event.data.mentions).toEqual(message.mentions);
    return message.mentions;
  }

  it('keeps users who are members of the team, once each, in text order; not outsiders, unknown ids or code', async () => {
    const mentions = await sendMentions(member, `<@${owner.id}> <@!${announcer.id}> <@${owner.id}> <@${outsider.id}> <@123> \`<@${member.id}>\``);
    expect(mentions).toEqual({ users: [owner.id, announcer.id], roles: [], everyone: false, here: false });
  });

  it('keeps mentionable roles of the team; others only for a holder of MENTION_EVERYONE_AND_HERE; never the default role or another team’s', async () => {
    const content = `<@&${mentionableRole}> <@&${quietRole}> <@&${team.teamId}> <@&${otherTeamRole}>`;
    expect(await sendMentions(member, content)).toMatchObject({ roles: [mentionableRole] });
    expect(await sendMentions(announcer, content)).toMatchObject({ roles: [mentionableRole, quietRole] });
    expect(await sendMentions(owner, content)).toMatchObject({ roles: [mentionableRole, quietRole] });
  });

  it('counts @everyone and @here only with MENTION_EVERYONE_AND_HERE (the owner holds every bit); plain text otherwise', async () => {
    expect(await sendMentions(member, '@everyone look @here')).toEqual({ users: [], roles: [], everyone: false, here: false });
    expect(await sendMentions(announcer, '@everyone look @here')).toMatchObject({ everyone: true, here: true });
    expect(await sendMentions(owner, 'only @here')).toMatchObject({ everyone: false, here: true });
    expect(await sendMentions(announcer, '```\n@everyone\n``` and `@here` and me@here.example')).toMatchObject({ everyone: false, here: false });
  });

  it('a message without mention syntax stores none', async () => {
    expect(await sendMentions(member, 'just **text** with an e-mail a@b.example')).toEqual({ users: [], roles: [], everyone: false, here: false });
  });

  it('an edit resolves them again', async () => {
    await ctx.app.rateLimiter.reset(userRateKey('messageSend', member.id));
    const sent = await call(ctx.app, 'POST', `/api/v1/channels/${team.generalId}/messages`, { cookie: member.cookie, body: { content: `hi <@${owner.id}>` } });
    const id = messageSchema.parse(sent.json().message).id;
    const res = await call(ctx.app, 'PATCH', `/api/v1/channels/${team.generalId}/messages/${id}`, {
      cookie: member.cookie,
      body: { content: `hi <@${announcer.id}> <@&${mentionableRole}> @everyone` },
    });
    expect(res.statusCode).toBe(200);
    const expected = { users: [announcer.id], roles: [mentionableRole], everyone: false, here: false };
    expect(messageSchema.parse(res.json().message).mentions).toEqual(expected);
    expect(first(await ctx.app.db.select({ mentions: messages.mentions }).from(messages).where(eq(messages.id, id))).mentions).toEqual(expected);
  });
});
