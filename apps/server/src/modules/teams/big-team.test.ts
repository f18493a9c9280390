import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeManyMembers, makeRole, makeTeam, makeUser } from '../../../test/helpers/factories';

/**
 * A team of 10,000 members, its member list read whole. On the embedded database this goes through
 * the database thread's socket, as `npm start` runs it (tests otherwise run PGlite in process): an
 * answer of megabytes once crashed the server there (db/pglite-worker.test.ts has the byte-level test).
 */
describe('a team of 10,000 members', () => {
  const ctx = withTestApp(
    {},
    {
      database: async (opened) => {
        if (opened.kind !== 'pglite') return opened;
        await opened.close();
        return openDatabase({ dataDir: 'memory://' });
      },
    },
  );

  it('lists every member with their roles', async () => {
    const owner = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner, { name: 'Big' });
    const roleId = await makeRole(ctx, team.teamId, { name: 'Raiders', permissions: 0 });
    await makeManyMembers(ctx, team.teamId, 9_999, { roleId });

    for (let read = 0; read < 2; read++) {
      const res = await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/members`, { cookie: owner.cookie });
      expect(res.statusCode).toBe(200);
      const { members } = res.json<{ members: { id: string; username: string; roles: string[] }[] }>();
      expect(members).toHaveLength(10_000);
      expect(new Set(members.map((m) => m.id)).size).toBe(10_000);
      expect(members[0]!.id).toBe(owner.id);
      expect(members.slice(1).every((m) => m.roles.length === 1 && m.roles[0] === roleId && m.username.startsWith('member '))).toBe(true);
    }
  });
});
