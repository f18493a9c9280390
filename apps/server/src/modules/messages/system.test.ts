import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeChannel, makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { messages } from '../../db/schema';
import { createInviteVia } from '../teams/testing';

/** The system message of a join (messages/system.ts): written with the join, in the channel a newcomer opens first, published as any message. */
describe('join system message', () => {
  const ctx = withTestApp();
  const join = (code: string, user: TestUser) => call(ctx.app, 'POST', `/api/v1/invites/${code}/join`, { cookie: user.cookie });
  const systemRows = (channelId: string) =>
    ctx.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.channelId, channelId), eq(messages.type, 'system')));

  it('writes "<user> joined the team." in the first text channel @everyone may view, and publishes it', async () => {
    const owner = await makeUser(ctx.app);
    const joiner = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner);
    // Before #general in the list, but hidden from @everyone: not where a newcomer lands.
    const staff = await makeChannel(ctx.app, team.teamId, { name: 'staff', parentId: team.categoryId, priority: -1, hiddenFrom: [team.teamId] });
    const code = await createInviteVia(ctx.app, owner, team.teamId);
    const since = ctx.events.mark();
    expect((await join(code, joiner)).statusCode).toBe(200);

    const sent = await ctx.events.waitFor('MESSAGE_SEND', { since });
    expect(sent.audience).toEqual({ kind: 'channel', channelId: team.generalId });
    expect(sent.event.data).toMatchObject({ channelId: team.generalId, type: 'system', content: '', createdBy: { id: joiner.id, username: joiner.username } });
    expect(await systemRows(staff)).toEqual([]);
    const history = await call(ctx.app, 'GET', `/api/v1/channels/${team.generalId}/messages`, { cookie: owner.cookie });
    expect(history.json().messages.map((m: { type: string; createdBy: { id: string } }) => [m.type, m.createdBy.id])).toContainEqual(['system', joiner.id]);
  });

  it('writes nothing when the join is refused', async () => {
    const owner = await makeUser(ctx.app);
    const joiner = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner, { members: [joiner] });
    const code = await createInviteVia(ctx.app, owner, team.teamId);
    expect((await join(code, joiner)).statusCode).toBe(409);
    expect(await systemRows(team.generalId)).toEqual([]);
  });
});
