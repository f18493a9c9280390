import { describe, expect, it } from 'vitest';
import { customEmojiToken } from '@rally/shared/api/emojis';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeTeam, makeUser } from '../../../test/helpers/factories';
import { loggedDatabase, QueryLog, type QueryProfile } from '../../../test/helpers/query-log';
import { makeEmoji } from '../emojis/testing';
import { createInviteVia } from '../teams/testing';

/**
 * What requests cost the database, through the real app: every statement Drizzle sends while the
 * request runs (the session lookup included), and the round trips they take (statements in
 * parallel share one; QueryLog, test/helpers/query-log.ts). Changing a number is a decision: change
 * it here and in docs/performance.md ("Database statements per request") together.
 */
describe('database statements per request', () => {
  const log = new QueryLog();
  const ctx = withTestApp({}, { database: (handle) => loggedDatabase(handle, log) });

  async function teamOfTwo() {
    const owner = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    return { owner, member, team: await makeTeam(ctx, owner, { members: [member] }) };
  }

  async function costOf(request: () => Promise<{ statusCode: number; body: string }>, status: number): Promise<QueryProfile & { all: string }> {
    const profile = await log.profile(async () => {
      const res = await request();
      expect(res.statusCode, res.body).toBe(status);
    });
    return { ...profile, all: profile.statements.join('\n') };
  }

  it('message send: the session with its user; the team access from the channel id (team, roles, channels, member roles); the insert', async () => {
    const { member, team } = await teamOfTwo();
    const cost = await costOf(
      () => call(ctx.app, 'POST', `/api/v1/channels/${team.generalId}/messages`, { cookie: member.cookie, body: { content: 'hello' } }),
      201,
    );
    expect(cost.statements, cost.all).toHaveLength(6);
    expect(cost.roundTrips, cost.all).toBe(3);
  });

  it('message send with a team emoji: one statement more, for the emoji and whether the author may use it', async () => {
    const { member, team } = await teamOfTwo();
    const emoji = await makeEmoji(ctx.app, team.teamId, 'gg');
    const cost = await costOf(
      () => call(ctx.app, 'POST', `/api/v1/channels/${team.generalId}/messages`, { cookie: member.cookie, body: { content: `gg ${customEmojiToken(emoji)}` } }),
      201,
    );
    expect(cost.statements, cost.all).toHaveLength(7);
    expect(cost.roundTrips, cost.all).toBe(4);
  });

  it('team members: the session, the team access, the member list', async () => {
    const { member, team } = await teamOfTwo();
    const cost = await costOf(() => call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/members`, { cookie: member.cookie }), 200);
    expect(cost.statements, cost.all).toHaveLength(6);
    expect(cost.roundTrips, cost.all).toBe(3);
  });

  it("join by invite: the joiner's access is read once, for both events", async () => {
    const { owner, team } = await teamOfTwo();
    const code = await createInviteVia(ctx.app, owner, team.teamId);
    const joiner = await makeUser(ctx.app);
    const cost = await costOf(() => call(ctx.app, 'POST', `/api/v1/invites/${code}/join`, { cookie: joiner.cookie }), 200);
    // 13, plus the join's system message: its insert, and its author read to publish it. The
    // access is read once, in the join's transaction (it picks the system message's channel), where
    // its four reads go one after another: one round trip each.
    expect(cost.statements, cost.all).toHaveLength(15);
    expect(cost.roundTrips, cost.all).toBe(15);
  });

  it("me: the session with its user, then the user's linked accounts (000 §3 connections), nothing more", async () => {
    const user = await makeUser(ctx.app);
    const cost = await costOf(() => call(ctx.app, 'GET', '/api/v1/me', { cookie: user.cookie }), 200);
    expect(cost.statements, cost.all).toHaveLength(2);
    expect(cost.roundTrips, cost.all).toBe(2);
  });
});
