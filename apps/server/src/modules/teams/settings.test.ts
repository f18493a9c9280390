import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { memberSchema, teamSchema } from '@rally/shared/api/teams';
import { TeamPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeMember, makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { makeImage, postForm } from '../../../test/helpers/images';
import { first } from '../../../test/helpers/rows';
import { auditLogEntries, channels, roles, teamMembers, teams } from '../../db/schema';

describe('team settings, owner, delete, order', () => {
  const ctx = withTestApp();

  const teamRow = async (id: string) => first(await ctx.app.db.select().from(teams).where(eq(teams.id, id)));
  const auditOf = (teamId: string) => ctx.app.db.select().from(auditLogEntries).where(eq(auditLogEntries.teamId, teamId));
  const update = (who: TestUser, teamId: string, body: unknown, path = `/api/v1/teams/${teamId}`) => call(ctx.app, 'POST', path, { cookie: who.cookie, body });

  /** A team of `owner` with a member holding MANAGE_TEAM and a plain member. */
  async function teamWithManager() {
    const owner = await makeUser(ctx.app);
    const manager = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner, { name: 'Raiders' });
    await makeMember(ctx, team.teamId, manager, { roles: [{ permissions: TeamPermission.MANAGE_TEAM }] });
    await makeMember(ctx, team.teamId, member);
    return { owner, manager, member, teamId: team.teamId };
  }

  /** Upload an image of `type` as `who`; its URL. */
  async function uploaded(who: TestUser, type: 'teamIcon' | 'teamBanner'): Promise<string> {
    const res = await postForm(
      ctx.app,
      '/api/v1/upload',
      { type, image: { file: await makeImage('png'), filename: 'a.png', contentType: 'image/png' } },
      { cookie: who.cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().url as string;
  }

  describe('POST /api/v1/teams/{teamId}', () => {
    it('changes name and description for a MANAGE_TEAM holder, with an audit entry and TEAM_UPDATED', async () => {
      const { manager, teamId } = await teamWithManager();
      const since = ctx.events.mark();
      const res = await update(manager, teamId, { name: '  Wolves ', description: 'We play at night' });
      expect(res.statusCode, res.body).toBe(200);
      expect(teamSchema.parse(res.json().team)).toMatchObject({ id: teamId, name: 'Wolves', description: 'We play at night' });
      expect(await teamRow(teamId)).toMatchObject({ name: 'Wolves', description: 'We play at night' });
      const [entry, ...more] = await auditOf(teamId);
      expect(more).toEqual([]);
      expect(entry).toMatchObject({ actorId: manager.id, actionType: 'TEAM_UPDATED', targetType: 'team', targetId: teamId });
      expect(entry?.changes).toEqual([
        { key: 'name', old: 'Raiders', new: 'Wolves' },
        { key: 'description', old: null, new: 'We play at night' },
      ]);
      const event = await ctx.events.waitFor('TEAM_UPDATED', { since, where: (e) => e.event.data.id === teamId });
      expect(event.audience).toEqual({ kind: 'team', teamId });
      expect(event.event.data.name).toBe('Wolves');
      // The spec's alias reaches the same handler; an empty description removes it.
      const alias = await update(manager, teamId, { description: '' }, `/api/teams/${teamId}`);
      expect(alias.statusCode).toBe(200);
      expect((await teamRow(teamId)).description).toBeNull();
    });

    it('refuses a member without MANAGE_TEAM (403) and a non-member (404), changing nothing', async () => {
      const { member, teamId } = await teamWithManager();
      const stranger = await makeUser(ctx.app);
      const denied = await update(member, teamId, { name: 'Mine' });
      expect(denied.statusCode).toBe(403);
      expect((await update(stranger, teamId, { name: 'Mine' })).statusCode).toBe(404);
      expect((await teamRow(teamId)).name).toBe('Raiders');
      expect(await auditOf(teamId)).toEqual([]);
    });

    it('checks the fields: description at most 1000 characters, a name of 1 to 20, something to change', async () => {
      const { owner, teamId } = await teamWithManager();
      const long = await update(owner, teamId, { description: 'x'.repeat(1001) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ code: 'team_description_too_long', message: 'Team description must be at most 1000 characters long' });
      expect((await update(owner, teamId, { description: 'x'.repeat(1000) })).statusCode).toBe(200);
      expect((await update(owner, teamId, { name: 'x'.repeat(21) })).json().code).toBe('team_name_error_max');
      expect((await update(owner, teamId, {})).json().code).toBe('team_update_empty');
      // A lone UTF-16 surrogate cannot be stored in the audit entry's JSON: refused, not a 500.
      for (const body of [{ description: 'a\ud800' }, { name: '\udc00b' }])
        expect((await update(owner, teamId, body)).json().code).toBe('text_invalid_characters');
      expect((await update(owner, teamId, { description: 'ok 🎮' })).statusCode).toBe(200);
    });

    it('writes nothing and publishes nothing when every field equals the stored one', async () => {
      const { owner, teamId } = await teamWithManager();
      const since = ctx.events.mark();
      const res = await update(owner, teamId, { name: 'Raiders' });
      expect(res.statusCode).toBe(200);
      expect(await auditOf(teamId)).toEqual([]);
      expect(ctx.events.ofType('TEAM_UPDATED', { since, where: (e) => e.event.data.id === teamId })).toEqual([]);
    });

    it('locks name and banner while the team is safe for teen, and safe for teen above 100 members', async () => {
      const { owner, teamId } = await teamWithManager();
      expect((await update(owner, teamId, { isSafeForTeen: true })).json().team.isSafeForTeen).toBe(true);
      const locked = await update(owner, teamId, { name: 'Other' });
      expect(locked.statusCode).toBe(403);
      expect(locked.json()).toMatchObject({ code: 'team_safe_for_teen_locked', message: 'Cannot edit while the team is marked safe for teen' });
      expect((await update(owner, teamId, { banner: await uploaded(owner, 'teamBanner') })).json().code).toBe('team_safe_for_teen_locked');
      expect((await update(owner, teamId, { description: 'still editable' })).statusCode).toBe(200);
      expect((await teamRow(teamId)).name).toBe('Raiders');
      // Fixture: a team of 101 members.
      await ctx.app.db.update(teams).set({ memberCount: 101 }).where(eq(teams.id, teamId));
      const crowded = await update(owner, teamId, { isSafeForTeen: false });
      expect(crowded.statusCode).toBe(403);
      expect(crowded.json().code).toBe('team_safe_for_teen_member_limit');
      expect((await teamRow(teamId)).isSafeForTeen).toBe(true);
    });

    it("takes pictures and banners only as this server's upload URLs of their kind", async () => {
      const { owner, teamId } = await teamWithManager();
      const icon = await uploaded(owner, 'teamIcon');
      const banner = await uploaded(owner, 'teamBanner');
      const res = await update(owner, teamId, { profilePicture: icon, banner });
      expect(res.statusCode, res.body).toBe(200);
      expect(await teamRow(teamId)).toMatchObject({ profilePicture: icon, banner });
      for (const body of [{ profilePicture: 'https://evil.example/x.png' }, { profilePicture: banner }, { banner: icon }, { banner: `${icon}/../../x` }]) {
        const refused = await update(owner, teamId, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json().code).toBe('team_image_invalid');
      }
      expect((await update(owner, teamId, { profilePicture: null })).json().team.profilePicture).toBeNull();
    });

    it('creates a team with an uploaded picture, and refuses another URL', async () => {
      const user = await makeUser(ctx.app);
      const icon = await uploaded(user, 'teamIcon');
      const res = await call(ctx.app, 'POST', '/api/v1/teams', { cookie: user.cookie, body: { name: 'Pics', profilePicture: icon } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().createdTeam.profilePicture).toBe(icon);
      const refused = await call(ctx.app, 'POST', '/api/v1/teams', {
        cookie: user.cookie,
        body: { name: 'Pics', profilePicture: 'https://evil.example/a.png' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'team_image_invalid', errors: { profilePicture: expect.any(String) } });
    });

    it("takes a picture only as the caller's own unused upload; a replaced one is removed, another's never", async () => {
      const { owner, manager, teamId } = await teamWithManager();
      const served = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode;
      const ownersIcon = await uploaded(owner, 'teamIcon');
      const refused = await update(manager, teamId, { profilePicture: ownersIcon });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'upload_not_own', errors: { profilePicture: expect.any(String) } });
      expect((await teamRow(teamId)).profilePicture).toBeNull();

      const first = await uploaded(manager, 'teamIcon');
      expect((await update(manager, teamId, { profilePicture: first })).statusCode).toBe(200);
      // Held by this team: not another's picture too.
      const other = await makeTeam(ctx, manager, { name: 'Other' });
      const reused = await update(manager, other.teamId, { profilePicture: first });
      expect(reused.json()).toMatchObject({ code: 'upload_in_use', errors: { profilePicture: 'This image is already used somewhere else; upload it again' } });
      // The owner replaces the manager's picture with their own: the team's old one is removed.
      expect((await update(owner, teamId, { profilePicture: ownersIcon })).statusCode).toBe(200);
      expect([await served(first), await served(ownersIcon)]).toEqual([404, 200]);
      const banner = await uploaded(owner, 'teamBanner');
      expect((await update(owner, teamId, { banner })).statusCode).toBe(200);
      expect((await update(owner, teamId, { banner: null, profilePicture: null })).statusCode).toBe(200);
      expect([await served(banner), await served(ownersIcon)]).toEqual([404, 404]);
      // Nor is a team created with another's upload.
      const stranger = await makeUser(ctx.app);
      const create = await call(ctx.app, 'POST', '/api/v1/teams', {
        cookie: stranger.cookie,
        body: { name: 'Pics', profilePicture: await uploaded(owner, 'teamIcon') },
      });
      expect(create.json()).toMatchObject({ code: 'upload_not_own' });
    });
  });

  describe('GET details and members/@me', () => {
    it('answers the team and the caller as a member, for members only', async () => {
      const { manager, teamId } = await teamWithManager();
      const stranger = await makeUser(ctx.app);
      for (const path of [`/api/v1/teams/${teamId}/details`, `/api/teams/${teamId}/details`]) {
        const res = await call(ctx.app, 'GET', path, { cookie: manager.cookie });
        expect(res.statusCode).toBe(200);
        expect(teamSchema.parse(res.json().team)).toMatchObject({ id: teamId, name: 'Raiders', memberCount: 3 });
      }
      const me = await call(ctx.app, 'GET', `/api/v1/teams/${teamId}/members/@me`, { cookie: manager.cookie });
      expect(me.statusCode).toBe(200);
      const member = memberSchema.parse(me.json().member);
      expect(member.id).toBe(manager.id);
      expect(member.roles).toHaveLength(1);
      expect(member.permissions & TeamPermission.MANAGE_TEAM).toBe(TeamPermission.MANAGE_TEAM);
      expect((await call(ctx.app, 'GET', `/api/v1/teams/${teamId}/details`, { cookie: stranger.cookie })).statusCode).toBe(404);
      expect((await call(ctx.app, 'GET', `/api/v1/teams/${teamId}/members/@me`, { cookie: stranger.cookie })).statusCode).toBe(404);
    });
  });

  describe('POST /api/v1/teams/{teamId}/owner', () => {
    it('gives the team to a member, with an audit entry and TEAM_UPDATED; the old owner may then leave', async () => {
      const { owner, member, teamId } = await teamWithManager();
      const since = ctx.events.mark();
      const res = await call(ctx.app, 'POST', `/api/v1/teams/${teamId}/owner`, { cookie: owner.cookie, body: { owner: member.id } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().team.createdBy).toBe(member.id);
      expect((await teamRow(teamId)).ownerId).toBe(member.id);
      expect((await auditOf(teamId)).map((e) => [e.actionType, e.changes])).toEqual([['TEAM_UPDATED', [{ key: 'owner', old: owner.id, new: member.id }]]]);
      await ctx.events.waitFor('TEAM_UPDATED', { since, where: (e) => e.event.data.id === teamId && e.event.data.createdBy === member.id });
      // The new owner cannot leave; the old one can now.
      expect((await call(ctx.app, 'DELETE', '/api/v1/teams', { cookie: member.cookie, body: { id: teamId } })).statusCode).toBe(403);
      expect((await call(ctx.app, 'DELETE', '/api/v1/teams', { cookie: owner.cookie, body: { id: teamId } })).statusCode).toBe(200);
    });

    it('is for the owner only: a MANAGE_TEAM holder or an administrator is refused', async () => {
      const { owner, manager, member, teamId } = await teamWithManager();
      const admin = await makeUser(ctx.app);
      await makeMember(ctx, teamId, admin, { roles: [{ permissions: TeamPermission.ADMINISTRATOR, priority: 5 }] });
      for (const who of [manager, admin]) {
        const res = await call(ctx.app, 'POST', `/api/v1/teams/${teamId}/owner`, { cookie: who.cookie, body: { owner: member.id } });
        expect(res.statusCode).toBe(403);
      }
      expect((await teamRow(teamId)).ownerId).toBe(owner.id);
      expect(await auditOf(teamId)).toEqual([]);
    });

    it('refuses a bot, a non-member and the owner themself, changing nothing', async () => {
      const { owner, teamId } = await teamWithManager();
      const bot = await makeUser(ctx.app, undefined, { bot: true });
      await makeMember(ctx, teamId, bot);
      const stranger = await makeUser(ctx.app);
      const toBot = await call(ctx.app, 'POST', `/api/v1/teams/${teamId}/owner`, { cookie: owner.cookie, body: { owner: bot.id } });
      expect(toBot.statusCode).toBe(400);
      expect(toBot.json()).toMatchObject({ code: 'owner_change_bot', message: 'A bot cannot own a team' });
      const toStranger = await call(ctx.app, 'POST', `/api/v1/teams/${teamId}/owner`, { cookie: owner.cookie, body: { owner: stranger.id } });
      expect(toStranger.statusCode).toBe(404);
      expect(toStranger.json().code).toBe('member_not_found');
      const toSelf = await call(ctx.app, 'POST', `/api/v1/teams/${teamId}/owner`, { cookie: owner.cookie, body: { owner: owner.id } });
      expect(toSelf.json().code).toBe('owner_change_same');
      expect((await teamRow(teamId)).ownerId).toBe(owner.id);
      expect(await auditOf(teamId)).toEqual([]);
    });
  });

  describe('DELETE /api/teams', () => {
    const remove = (who: TestUser, body: unknown) => call(ctx.app, 'DELETE', '/api/teams', { cookie: who.cookie, body });

    it('deletes the team and everything in it for its owner typing the exact name, and publishes TEAM_DELETED', async () => {
      const { owner, teamId } = await teamWithManager();
      const since = ctx.events.mark();
      const res = await remove(owner, { id: teamId, name: 'Raiders' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await ctx.app.db.select().from(teams).where(eq(teams.id, teamId))).toEqual([]);
      expect(await ctx.app.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).toEqual([]);
      expect(await ctx.app.db.select().from(channels).where(eq(channels.teamId, teamId))).toEqual([]);
      expect(await ctx.app.db.select().from(roles).where(eq(roles.teamId, teamId))).toEqual([]);
      const event = await ctx.events.waitFor('TEAM_DELETED', { since, where: (e) => e.event.data.teamId === teamId });
      expect(event.audience).toEqual({ kind: 'team', teamId });
    });

    it('refuses another name (case and spaces count) and anyone but the owner, deleting nothing', async () => {
      const { owner, manager, member, teamId } = await teamWithManager();
      for (const name of ['raiders', ' Raiders', 'Raider', '']) {
        const res = await remove(owner, { id: teamId, name });
        expect(res.statusCode, name).toBe(400);
        expect(res.json().code).toBe('team_delete_name_mismatch');
      }
      for (const who of [manager, member]) expect((await remove(who, { id: teamId, name: 'Raiders' })).statusCode).toBe(403);
      expect((await remove(await makeUser(ctx.app), { id: teamId, name: 'Raiders' })).statusCode).toBe(404);
      expect((await teamRow(teamId)).name).toBe('Raiders');
    });
  });

  describe('PATCH /api/v1/teams/priority', () => {
    const order = async (who: TestUser) =>
      ((await call(ctx.app, 'GET', '/api/v1/teams', { cookie: who.cookie })).json().teams as { id: string }[]).map((t) => t.id);

    it("keeps each user's own order; teams left out follow as joined", async () => {
      const user = await makeUser(ctx.app);
      const other = await makeUser(ctx.app);
      const a = (await makeTeam(ctx, user, { members: [other] })).teamId;
      const b = (await makeTeam(ctx, user, { members: [other] })).teamId;
      const c = (await makeTeam(ctx, user, { members: [other] })).teamId;
      expect(await order(user)).toEqual([a, b, c]);
      const res = await call(ctx.app, 'PATCH', '/api/v1/teams/priority', { cookie: user.cookie, body: [c, a] });
      expect(res.statusCode, res.body).toBe(200);
      expect(await order(user)).toEqual([c, a, b]);
      expect(await order(other)).toEqual([a, b, c]);
      const stored = await ctx.app.db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.userId, user.id)));
      expect(Object.fromEntries(stored.map((m) => [m.teamId, m.priority]))).toEqual({ [c]: 0, [a]: 1, [b]: null });
    });

    it("tells the user's sessions the whole new order (TEAMS_PRIORITY_UPDATED), and nobody else; nothing on a refusal", async () => {
      const user = await makeUser(ctx.app);
      const other = await makeUser(ctx.app);
      const a = (await makeTeam(ctx, user, { members: [other] })).teamId;
      const b = (await makeTeam(ctx, user, { members: [other] })).teamId;
      const c = (await makeTeam(ctx, user)).teamId;
      let since = ctx.events.mark();
      expect((await call(ctx.app, 'PATCH', '/api/v1/teams/priority', { cookie: user.cookie, body: [b] })).statusCode).toBe(200);
      const published = await ctx.events.waitFor('TEAMS_PRIORITY_UPDATED', { since });
      expect(published.audience).toEqual({ kind: 'users', userIds: [user.id] });
      expect(published.event.data).toEqual({ teamIds: [b, a, c] });
      expect(ctx.events.ofType('TEAMS_PRIORITY_UPDATED', { since })).toHaveLength(1);

      since = ctx.events.mark();
      const foreign = (await makeTeam(ctx, other)).teamId;
      expect((await call(ctx.app, 'PATCH', '/api/v1/teams/priority', { cookie: user.cookie, body: [foreign] })).statusCode).toBe(400);
      expect(ctx.events.ofType('TEAMS_PRIORITY_UPDATED', { since })).toHaveLength(0);
    });

    it("refuses a team that is not the user's and a repeated id, changing nothing", async () => {
      const user = await makeUser(ctx.app);
      const a = (await makeTeam(ctx, user)).teamId;
      const b = (await makeTeam(ctx, user)).teamId;
      const foreign = (await makeTeam(ctx, await makeUser(ctx.app))).teamId;
      for (const body of [[b, foreign], [b, b, a], 'x', [{ id: a }]]) {
        const res = await call(ctx.app, 'PATCH', '/api/v1/teams/priority', { cookie: user.cookie, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(await order(user)).toEqual([a, b]);
    });
  });
});
