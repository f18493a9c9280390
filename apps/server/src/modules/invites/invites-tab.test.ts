import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inviteSchema } from '@rally/shared/api/teams';
import { TeamPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeMember, makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { invites, teamMembers, teams } from '../../db/schema';
import { createInviteVia } from '../teams/testing';

describe('invites tab and the last use', () => {
  const ctx = withTestApp();

  const inviteRow = async (code: string) => (await ctx.app.db.select().from(invites).where(eq(invites.code, code)))[0] ?? null;

  /** A team with a MANAGE_TEAM holder and a member holding only CREATE_INVITES (the default role's bits). */
  async function team() {
    const owner = await makeUser(ctx.app);
    const manager = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    const { teamId } = await makeTeam(ctx, owner);
    await makeMember(ctx, teamId, manager, { roles: [{ permissions: TeamPermission.MANAGE_TEAM }] });
    await makeMember(ctx, teamId, member);
    return { owner, manager, member, teamId };
  }

  const list = (who: TestUser, teamId: string, path = `/api/v1/teams/${teamId}/invites`) => call(ctx.app, 'GET', path, { cookie: who.cookie });
  const remove = (who: TestUser, teamId: string, code: string, path = `/api/v1/teams/${teamId}/invites/${code}`) =>
    call(ctx.app, 'DELETE', path, { cookie: who.cookie });

  it('lists the team invites newest first, used-up ones too, for MANAGE_TEAM holders', async () => {
    const { owner, manager, member, teamId } = await team();
    const first_ = await createInviteVia(ctx.app, member, teamId, { maxUses: 50 });
    const second = await createInviteVia(ctx.app, owner, teamId);
    // Fixture: the first invite is used up.
    await ctx.app.db.update(invites).set({ uses: 50 }).where(eq(invites.code, first_));
    for (const path of [`/api/v1/teams/${teamId}/invites`, `/api/teams/${teamId}/invites`]) {
      const res = await list(manager, teamId, path);
      expect(res.statusCode).toBe(200);
      const listed = (res.json().invites as unknown[]).map((i) => inviteSchema.parse(i));
      expect(listed.map((i) => [i.code, i.inviter, i.uses])).toEqual([
        [second, owner.id, 0],
        [first_, member.id, 50],
      ]);
    }
    expect((await list(member, teamId)).statusCode).toBe(403);
    expect((await list(await makeUser(ctx.app), teamId)).statusCode).toBe(404);
  });

  it('deletes an invite for a MANAGE_TEAM holder (on both paths); others are refused and it stays', async () => {
    const { manager, member, teamId } = await team();
    const code = await createInviteVia(ctx.app, member, teamId);
    expect((await remove(member, teamId, code)).statusCode).toBe(403);
    expect(await inviteRow(code)).not.toBeNull();
    const other = await team();
    // Another team's MANAGE_TEAM holder cannot reach it through their own team.
    expect((await remove(other.manager, other.teamId, code)).statusCode).toBe(404);
    expect(await inviteRow(code)).not.toBeNull();
    const res = await remove(manager, teamId, code, `/api/teams/${teamId}/invites/${code}`);
    expect(res.statusCode).toBe(200);
    expect(await inviteRow(code)).toBeNull();
    const again = await remove(manager, teamId, code);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('invite_invalid');
    // A deleted invite no longer joins.
    const joiner = await makeUser(ctx.app);
    expect((await call(ctx.app, 'POST', `/api/v1/invites/${code}/join`, { cookie: joiner.cookie })).statusCode).toBe(404);
  });

  it('lets exactly one of many concurrent joins take the last use', async () => {
    const { owner, teamId } = await team();
    const code = await createInviteVia(ctx.app, owner, teamId, { maxUses: 50 });
    // Fixture: one use left.
    await ctx.app.db.update(invites).set({ uses: 49 }).where(eq(invites.code, code));
    const joiners = await Promise.all(Array.from({ length: 8 }, () => makeUser(ctx.app)));
    const results = await Promise.all(joiners.map((j) => call(ctx.app, 'POST', `/api/v1/invites/${code}/join`, { cookie: j.cookie })));
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((r) => r.statusCode !== 200)) {
      expect(loser.statusCode).toBe(404);
      expect(loser.json()).toMatchObject({ code: 'invite_invalid', message: 'This invite link is no longer valid' });
    }
    expect((await inviteRow(code))?.uses).toBe(50);
    expect(first(await ctx.app.db.select().from(teams).where(eq(teams.id, teamId))).memberCount).toBe(4);
    expect(await ctx.app.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).toHaveLength(4);
  });
});
