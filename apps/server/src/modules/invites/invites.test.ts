import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inviteLookupResponseSchema, inviteSchema, joinInviteResponseSchema } from '@rally/shared/api/teams';
import { TeamPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { fillTeamLimit, makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { invites, roles, teamMembers, teams } from '../../db/schema';
import { createInviteVia } from '../teams/testing';

describe('invites', () => {
  const ctx = withTestApp();

  const join = (code: string, user: TestUser) => call(ctx.app, 'POST', `/api/v1/invites/${code}/join`, { cookie: user.cookie });
  const inviteRow = async (code: string) => first(await ctx.app.db.select().from(invites).where(eq(invites.code, code)));
  const teamRow = async (id: string) => first(await ctx.app.db.select().from(teams).where(eq(teams.id, id)));

  describe('POST /api/v1/teams/invite', () => {
    it('creates an 8-character base62 invite for a member holding CREATE_INVITES', async () => {
      const owner = await makeUser(ctx.app);
      const member = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner, { members: [member] });
      const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
      const res = await call(ctx.app, 'POST', '/api/v1/teams/invite', {
        cookie: member.cookie,
        body: { teamId: team.teamId, applicationEnabled: false, type: 'team', maxUses: 50, expiresAt },
      });
      expect(res.statusCode).toBe(200);
      const invite = inviteSchema.parse(res.json().invite);
      expect(invite.code).toMatch(/^[\da-z]{8}$/i);
      expect(invite).toMatchObject({ teamId: team.teamId, inviter: member.id, uses: 0, maxUses: 50, applicationEnabled: false, type: 'team' });
      expect(Date.parse(invite.expiresAt!)).toBe(Date.parse(expiresAt));
      const codes = new Set(await Promise.all(Array.from({ length: 10 }, () => createInviteVia(ctx.app, owner, team.teamId))));
      expect(codes.size).toBe(10);
    });

    it('refuses a member without CREATE_INVITES (taken from the default role) with 403', async () => {
      const owner = await makeUser(ctx.app);
      const member = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner, { members: [member] });
      const role = first(await ctx.app.db.select().from(roles).where(eq(roles.id, team.teamId)));
      await ctx.app.db
        .update(roles)
        .set({ permissions: role.permissions & ~TeamPermission.CREATE_INVITES })
        .where(eq(roles.id, team.teamId));
      const res = await call(ctx.app, 'POST', '/api/v1/teams/invite', { cookie: member.cookie, body: { teamId: team.teamId } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'no_permission_to_create_invites', message: 'You do not have permission to create invites in this team' });
      // The owner holds every permission regardless of the default role.
      expect((await call(ctx.app, 'POST', '/api/v1/teams/invite', { cookie: owner.cookie, body: { teamId: team.teamId } })).statusCode).toBe(200);
    });

    it('answers 404 for a non-member, 401 signed out, 400 for bad options', async () => {
      const owner = await makeUser(ctx.app);
      const stranger = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner);
      const res = await call(ctx.app, 'POST', '/api/v1/teams/invite', { cookie: stranger.cookie, body: { teamId: team.teamId } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('team_not_found');
      expect((await call(ctx.app, 'POST', '/api/v1/teams/invite', { body: { teamId: team.teamId } })).statusCode).toBe(401);
      const bad = await call(ctx.app, 'POST', '/api/v1/teams/invite', { cookie: owner.cookie, body: { teamId: team.teamId, maxUses: 7 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'invite_max_uses', errors: { maxUses: expect.any(String) } });
    });
  });

  describe('GET /api/invites/{code}', () => {
    it('shows the invite to signed-out visitors, on both paths, with a cleaned code', async () => {
      const owner = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner, { name: 'Lookup' });
      const code = await createInviteVia(ctx.app, owner, team.teamId);
      for (const path of [
        `/api/v1/invites/${code}`,
        `/api/invites/${code}`,
        `/api/invites/${encodeURIComponent(`https://rally.example.com/invite/${code}`)}`,
      ]) {
        const res = await ctx.app.inject({ method: 'GET', url: path });
        expect(res.statusCode).toBe(200);
        const body = inviteLookupResponseSchema.parse(res.json());
        expect(body).toMatchObject({ code, applicationEnabled: false, applicationQuestions: { enabled: false, questions: [] } });
        expect(body.team).toMatchObject({ id: team.teamId, name: 'Lookup', memberCount: 1 });
        expect(body.teamOwner).toEqual({ id: owner.id, username: owner.username, profilePicture: null });
        expect(body.isMember).toBeUndefined();
      }
      // ?user=true without a session: still public, no isMember.
      expect((await ctx.app.inject({ method: 'GET', url: `/api/invites/${code}?user=true` })).json().isMember).toBeUndefined();
    });

    it('adds isMember for a signed-in viewer who asks with ?user=true', async () => {
      const owner = await makeUser(ctx.app);
      const visitor = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner);
      const code = await createInviteVia(ctx.app, owner, team.teamId);
      expect((await call(ctx.app, 'GET', `/api/invites/${code}?user=true`, { cookie: owner.cookie })).json().isMember).toBe(true);
      expect((await call(ctx.app, 'GET', `/api/v1/invites/${code}?user=true`, { cookie: visitor.cookie })).json().isMember).toBe(false);
      expect((await call(ctx.app, 'GET', `/api/v1/invites/${code}`, { cookie: visitor.cookie })).json().isMember).toBeUndefined();
    });

    it('answers 404 invite_invalid for unknown, expired and used-up invites', async () => {
      const owner = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner);
      const unknown = await ctx.app.inject({ method: 'GET', url: '/api/v1/invites/zzzzzzzz' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'invite_invalid', message: 'This invite link is no longer valid' });

      const expired = await createInviteVia(ctx.app, owner, team.teamId, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
      await ctx.app.db
        .update(invites)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invites.code, expired));
      expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/invites/${expired}` })).json().code).toBe('invite_invalid');
      expect((await join(expired, await makeUser(ctx.app))).json().code).toBe('invite_invalid');

      const used = await createInviteVia(ctx.app, owner, team.teamId, { maxUses: 50 });
      await ctx.app.db.update(invites).set({ uses: 50 }).where(eq(invites.code, used));
      expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/invites/${used}` })).statusCode).toBe(404);
      const joinUsed = await join(used, await makeUser(ctx.app));
      expect(joinUsed.statusCode).toBe(404);
      expect(joinUsed.json().code).toBe('invite_invalid');
    });
  });

  describe('POST /api/v1/invites/{code}/join', () => {
    it('adds the member, counts the use and the member, and tells the joiner and the team', async () => {
      const owner = await makeUser(ctx.app);
      const joiner = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner, { name: 'Joinable' });
      const code = await createInviteVia(ctx.app, owner, team.teamId, { maxUses: 100 });
      const since = ctx.events.mark();
      const res = await join(code, joiner);
      expect(res.statusCode).toBe(200);
      const body = joinInviteResponseSchema.parse(res.json());
      expect(body.team).toMatchObject({ id: team.teamId, memberCount: 2 });
      expect(body.message).toBe('You joined Joinable');
      expect((await inviteRow(code)).uses).toBe(1);
      expect((await teamRow(team.teamId)).memberCount).toBe(2);

      const joined = await ctx.events.waitFor('USER_JOINED_TEAM', { since });
      expect(joined.audience).toEqual({ kind: 'users', userIds: [joiner.id] });
      expect(joined.event.data.team.id).toBe(team.teamId);
      expect(joined.event.data.channels.map((c) => c.id)).toEqual([team.generalId]);
      const added = await ctx.events.waitFor('TEAM_MEMBER_ADDED', { since });
      expect(added.audience).toEqual({ kind: 'team', teamId: team.teamId });
      expect(added.event.data).toMatchObject({ teamId: team.teamId, member: { id: joiner.id, username: joiner.username, roles: [] } });

      const teamsOfJoiner = await call(ctx.app, 'GET', '/api/v1/teams', { cookie: joiner.cookie });
      expect(teamsOfJoiner.json().teams.map((t: { id: string }) => t.id)).toEqual([team.teamId]);
    });

    it('answers 409 invite_already_member without counting a use', async () => {
      const owner = await makeUser(ctx.app);
      const joiner = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner, { name: 'Twice' });
      const code = await createInviteVia(ctx.app, owner, team.teamId);
      expect((await join(code, joiner)).statusCode).toBe(200);
      const again = await join(code, joiner);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'invite_already_member', message: 'You are already a member of this team' });
      expect((await join(code, owner)).statusCode).toBe(409);
      expect((await inviteRow(code)).uses).toBe(1);
      expect((await teamRow(team.teamId)).memberCount).toBe(2);
    });

    it('refuses a joiner who is already in the maximum number of teams', async () => {
      const owner = await makeUser(ctx.app);
      const joiner = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner);
      const code = await createInviteVia(ctx.app, owner, team.teamId);
      await fillTeamLimit(ctx, joiner);
      const res = await join(code, joiner);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('team_limit_reached');
      expect((await inviteRow(code)).uses).toBe(0);
      expect((await teamRow(team.teamId)).memberCount).toBe(1);
    });

    it('needs a signed-in user', async () => {
      const owner = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner);
      const code = await createInviteVia(ctx.app, owner, team.teamId);
      expect((await call(ctx.app, 'POST', `/api/v1/invites/${code}/join`)).statusCode).toBe(401);
    });

    it('refuses application invites until applications exist, without joining', async () => {
      const owner = await makeUser(ctx.app);
      const joiner = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner);
      const code = await createInviteVia(ctx.app, owner, team.teamId, { applicationEnabled: true });
      expect((await inviteRow(code)).applicationEnabled).toBe(true);
      const lookup = await ctx.app.inject({ method: 'GET', url: `/api/invites/${code}` });
      expect(lookup.json()).toMatchObject({ applicationEnabled: true });
      const res = await join(code, joiner);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invite_applications_unavailable');
      expect(await ctx.app.db.select().from(teamMembers).where(eq(teamMembers.userId, joiner.id))).toEqual([]);
      expect((await inviteRow(code)).uses).toBe(0);
    });

    it('never lets concurrent joins exceed maxUses', async () => {
      const owner = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner, { name: 'Crowded' });
      const code = await createInviteVia(ctx.app, owner, team.teamId, { maxUses: 50 });
      // Fixture: leave three uses so that a dozen concurrent joiners compete for them.
      await ctx.app.db.update(invites).set({ uses: 47 }).where(eq(invites.code, code));
      const joiners = await Promise.all(Array.from({ length: 12 }, () => makeUser(ctx.app)));
      const results = await Promise.all(joiners.map((j) => join(code, j)));
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s !== 200).every((s) => s === 404)).toBe(true);
      expect((await inviteRow(code)).uses).toBe(50);
      expect((await teamRow(team.teamId)).memberCount).toBe(4);
      expect(await ctx.app.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.teamId))).toHaveLength(4);
    });
  });
});
