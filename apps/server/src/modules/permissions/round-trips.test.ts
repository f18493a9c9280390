import { describe, expect, it } from 'vitest';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeTeam, makeUser } from '../../../test/helpers/factories';
import { loggedDatabase, QueryLog } from '../../../test/helpers/query-log';
import { createInviteVia } from '../teams/testing';

/**
 * What requests cost the database, through the real app: every statement Drizzle sends while the
 * request runs (the session lookup included). Changing a number is a decision: change it here and
 * in docs/performance.md ("Database statements per request") together.
 */
describe('database statements per request', () => {
  const log = new QueryLog();
  const ctx = withTestApp({}, { database: (handle) => loggedDatabase(handle, log) });

  async function teamOfTwo() {
    const owner = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    return { owner, member, team: await makeTeam(ctx, owner, { members: [member] }) };
  }

  async function statementsOf(request: () => Promise<{ statusCode: number; body: string }>, status: number): Promise<string[]> {
    return log.during(async () => {
      const res = await request();
      expect(res.statusCode, res.body).toBe(status);
    });
  }

  it('message send: session, channel team, the team access (team, roles, channels, member roles), author, insert', async () => {
    const { member, team } = await teamOfTwo();
    const statements = await statementsOf(
      () => call(ctx.app, 'POST', `/api/v1/channels/${team.generalId}/messages`, { cookie: member.cookie, body: { content: 'hello' } }),
      201,
    );
    expect(statements, statements.join('\n')).toHaveLength(8);
  });

  it('team members: session, the team access, the member list', async () => {
    const { member, team } = await teamOfTwo();
    const statements = await statementsOf(() => call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/members`, { cookie: member.cookie }), 200);
    expect(statements, statements.join('\n')).toHaveLength(6);
  });

  it('join by invite: the joiner\'s access is read once, for both events', async () => {
    const { owner, team } = await teamOfTwo();
    const code = await createInviteVia(ctx.app, owner, team.teamId);
    const joiner = await makeUser(ctx.app);
    const statements = await statementsOf(() => call(ctx.app, 'POST', `/api/v1/invites/${code}/join`, { cookie: joiner.cookie }), 200);
    expect(statements, statements.join('\n')).toHaveLength(13);
  });
});
