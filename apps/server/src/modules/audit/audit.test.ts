import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@rally/shared/limits';
import { TeamPermission } from '@rally/shared/permissions';
import type { AuditEntry } from '@rally/shared/api/moderation';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeMember, makeTeam, makeUser, type TeamFixture, type TestUser } from '../../../test/helpers/factories';
import { recordAudit } from './service';

describe('GET /api/teams/{teamId}/audit-logs', () => {
  const ctx = withTestApp();

  const logs = (as: TestUser, teamId: string, query = '') => call(ctx.app, 'GET', `/api/teams/${teamId}/audit-logs${query}`, { cookie: as.cookie });
  const entries = (res: { json(): { auditLogs: AuditEntry[] } }) => res.json().auditLogs;

  let owner: TestUser, auditor: TestUser, plain: TestUser, target: TestUser;
  let team: TeamFixture;
  beforeAll(async () => {
    [owner, auditor, plain, target] = await Promise.all([
      makeUser(ctx.app, 'owner'),
      makeUser(ctx.app, 'auditor'),
      makeUser(ctx.app, 'plain'),
      makeUser(ctx.app, 'target'),
    ]);
    team = await makeTeam(ctx, owner, { members: [plain, target] });
    await makeMember(ctx, team.teamId, auditor, { roles: [{ permissions: TeamPermission.VIEW_AUDIT_LOG }] });
  });

  it('lists entries written by the moderation routes, newest first, with actor, target, time, changes and the users they name', async () => {
    expect(
      (await call(ctx.app, 'POST', `/api/v1/teams/${team.teamId}/members/${target.id}/ban`, { cookie: owner.cookie, body: { reason: 'r' } })).statusCode,
    ).toBe(200);
    expect((await call(ctx.app, 'DELETE', `/api/v1/teams/${team.teamId}/members/${target.id}/ban`, { cookie: owner.cookie })).statusCode).toBe(200);

    const res = await logs(auditor, team.teamId);
    expect(res.statusCode, res.body).toBe(200);
    const [unbanned, banned] = entries(res);
    expect(unbanned).toMatchObject({ actionType: 'USER_UNBANNED', userId: owner.id, targetType: 'user', targetId: target.id, options: null });
    expect(banned).toMatchObject({ actionType: 'USER_BANNED', userId: owner.id, targetId: target.id, changes: [{ key: 'reason', old: null, new: 'r' }] });
    expect(Date.parse(banned?.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const users = res.json<{ users: { id: string; username: string; subdomain: string }[] }>().users;
    expect(users.map((u) => u.id).sort()).toEqual([owner.id, target.id].sort());
    expect(users.find((u) => u.id === target.id)?.username).toBe(target.username);
  });

  it('pages with limit (at most 50) and before', async () => {
    const other = await makeTeam(ctx, owner, { name: 'Paged' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const row = await recordAudit(ctx.db, other.teamId, owner.id, {
        action: 'TEAM_UPDATED',
        targetType: 'team',
        targetId: other.teamId,
        changes: [{ key: 'name', old: `n${i}`, new: `n${i + 1}` }],
      });
      ids.push(row.id);
    }
    const newest = [...ids].reverse();
    const page = await logs(owner, other.teamId, '?limit=2');
    expect(entries(page).map((e) => e.id)).toEqual(newest.slice(0, 2));
    const next = await logs(owner, other.teamId, `?limit=2&before=${newest[1]}`);
    expect(entries(next).map((e) => e.id)).toEqual(newest.slice(2, 4));
    expect(entries(next)[0]?.changes).toEqual([{ key: 'name', old: 'n2', new: 'n3' }]);
    expect((await logs(owner, other.teamId, `?limit=${LIMITS.auditLogPage + 1}`)).statusCode).toBe(400);
  });

  it('refuses a member without VIEW_AUDIT_LOG (403) and a non-member (404)', async () => {
    const res = await logs(plain, team.teamId);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    const outsider = await makeUser(ctx.app, 'outsider');
    expect((await logs(outsider, team.teamId)).statusCode).toBe(404);
  });
});
