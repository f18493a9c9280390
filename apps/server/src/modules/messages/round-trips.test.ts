import { describe, expect, it } from 'vitest';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeTeam, makeUser } from '../../../test/helpers/factories';
import { loggedDatabase, QueryLog } from '../../../test/helpers/query-log';

/**
 * What one message send costs the database, through the real app: every statement Drizzle sends
 * while the request runs. Raising the number is a decision: change it here and in
 * docs/performance.md ("Database statements per request") together.
 */
describe('database statements of one message send', () => {
  const log = new QueryLog();
  const ctx = withTestApp({}, { database: (handle) => loggedDatabase(handle, log) });

  it('session, channel access, author and insert', async () => {
    const owner = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner, { members: [member] });
    const statements = await log.during(async () => {
      const res = await call(ctx.app, 'POST', `/api/v1/channels/${team.generalId}/messages`, { cookie: member.cookie, body: { content: 'hello' } });
      expect(res.statusCode).toBe(201);
    });
    expect(statements, statements.join('\n')).toHaveLength(8);
  });
});
