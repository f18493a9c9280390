import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { memberSchema, teamSchema, type Channel } from '@rally/shared/api/teams';
import { LIMITS } from '@rally/shared/limits';
import { ALL_TEAM_PERMISSIONS, DEFAULT_ROLE_PERMISSIONS, TeamPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { fillTeamLimit, makeChannel, makeMember, makeRole, makeTeam, makeUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { channels, roles, teamMembers, teams } from '../../db/schema';
import { newId } from '../../lib/snowflake';
import { teamRepository } from './repository';
import { createTeam } from './service';
import { AccessCache } from '../permissions/cache';

describe('teams', () => {
  const ctx = withTestApp();

  describe('POST /api/v1/teams', () => {
    it('creates the team, its default role, the owner as member, a general text channel and a General voice channel, each in a category', async () => {
      const owner = await makeUser(ctx.app);
      const res = await call(ctx.app, 'POST', '/api/v1/teams', { cookie: owner.cookie, body: { name: '  Raiders  ' } });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.success).toBe(true);
      const team = teamSchema.parse(body.createdTeam);
      expect(team).toMatchObject({ name: 'Raiders', createdBy: owner.id, memberCount: 1, profilePicture: null, isDiscoverable: false });

      const db = ctx.app.db;
      const roleRows = await db.select().from(roles).where(eq(roles.teamId, team.id));
      expect(roleRows).toHaveLength(1);
      expect(roleRows[0]).toMatchObject({ id: team.id, name: '@everyone', permissions: DEFAULT_ROLE_PERMISSIONS, priority: 0 });
      const memberRows = await db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
      expect(memberRows.map((m) => m.userId)).toEqual([owner.id]);
      const channelRows = await db.select().from(channels).where(eq(channels.teamId, team.id));
      expect(channelRows).toHaveLength(4);
      const category = channelRows.find((c) => c.type === 'category' && c.name === 'Text Channels');
      const voiceCategory = channelRows.find((c) => c.type === 'category' && c.name === 'Voice Channels');
      expect(channelRows.find((c) => c.type === 'text')).toMatchObject({ name: 'general', parentId: category?.id });
      expect(channelRows.find((c) => c.type === 'voice')).toMatchObject({ name: 'General', parentId: voiceCategory?.id, userLimit: 0 });
      // The voice category comes after the text one.
      expect(voiceCategory?.priority).toBeGreaterThan(category?.priority ?? Infinity);
    });

    it("names the first category and channel in the creator's language", async () => {
      const owner = await makeUser(ctx.app);
      const res = await call(ctx.app, 'POST', '/api/v1/teams', {
        cookie: owner.cookie,
        body: { name: 'Akıncılar' },
        headers: { 'accept-language': 'tr-TR,tr;q=0.9' },
      });
      expect(res.statusCode).toBe(201);
      const rows = await ctx.app.db.select().from(channels).where(eq(channels.teamId, res.json().createdTeam.id));
      expect(rows.map((c) => [c.type, c.name]).sort()).toEqual([
        ['category', 'Metin Kanalları'],
        ['category', 'Ses Kanalları'],
        ['text', 'genel'],
        ['voice', 'Genel'],
      ]);
    });

    it('publishes USER_JOINED_TEAM to the owner only, with what READY would hold for the team', async () => {
      const owner = await makeUser(ctx.app);
      const res = await call(ctx.app, 'POST', '/api/v1/teams', { cookie: owner.cookie, body: { name: 'Eventful' } });
      const teamId = res.json().createdTeam.id;
      const envelope = await ctx.events.waitFor('USER_JOINED_TEAM', { where: (e) => e.event.data.team.id === teamId });
      expect(envelope.audience).toEqual({ kind: 'users', userIds: [owner.id] });
      expect(envelope.event.data.channels.map((c) => [c.type, c.name])).toEqual([
        ['text', 'general'],
        ['voice', 'General'],
      ]);
      expect(envelope.event.data.categories.map((c) => c.name)).toEqual(['Text Channels', 'Voice Channels']);
      expect(envelope.event.data.roles.map((r) => r.id)).toEqual([teamId]);
    });

    it('checks the name after trimming: 1 to 20 characters, with the catalogue messages', async () => {
      const user = await makeUser(ctx.app);
      const empty = await call(ctx.app, 'POST', '/api/v1/teams', { cookie: user.cookie, body: { name: '    ' } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({
        success: false,
        code: 'team_name_error_min',
        message: 'Team name must be at least 1 character long',
        errors: { name: 'Team name must be at least 1 character long' },
      });
      const long = await call(ctx.app, 'POST', '/api/v1/teams', { cookie: user.cookie, body: { name: 'x'.repeat(21) } });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ code: 'team_name_error_max', message: 'Team name must be at most 20 characters long' });
      const tr = await call(ctx.app, 'POST', '/api/v1/teams', { cookie: user.cookie, body: { name: 'x'.repeat(21) }, headers: { 'accept-language': 'tr' } });
      expect(tr.json().message).toBe('Takım adı en fazla 20 karakter olabilir');
      const exact = await call(ctx.app, 'POST', '/api/v1/teams', { cookie: user.cookie, body: { name: ` ${'x'.repeat(20)} ` } });
      expect(exact.statusCode).toBe(201);
      const missing = await call(ctx.app, 'POST', '/api/v1/teams', { cookie: user.cookie, body: {} });
      expect(missing.statusCode).toBe(400);
    });

    it('refuses a picture that is not an upload of this server and accepts null', async () => {
      const user = await makeUser(ctx.app);
      const res = await call(ctx.app, 'POST', '/api/v1/teams', { cookie: user.cookie, body: { name: 'Pics', profilePicture: 'https://evil.example/a.png' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'team_image_invalid', errors: { profilePicture: expect.any(String) } });
      const ok = await call(ctx.app, 'POST', '/api/v1/teams', { cookie: user.cookie, body: { name: 'Pics', profilePicture: null } });
      expect(ok.statusCode).toBe(201);
    });

    it('needs a signed-in user', async () => {
      const res = await call(ctx.app, 'POST', '/api/v1/teams', { body: { name: 'Anon' } });
      expect(res.statusCode).toBe(401);
    });

    it('refuses a team beyond the per-user limit', async () => {
      const user = await makeUser(ctx.app);
      await fillTeamLimit(ctx, user);
      const res = await call(ctx.app, 'POST', '/api/v1/teams', { cookie: user.cookie, body: { name: 'One too many' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'team_limit_reached', message: `You can be in at most ${LIMITS.teamsPerUser} teams; leave one first` });
    });

    it('leaves nothing behind when a step fails half-way (a constraint violation in the channel insert)', async () => {
      const user = await makeUser(ctx.app);
      let teamId = '';
      const poisoned = {
        ...teamRepository,
        insertChannels: (tx: Parameters<typeof teamRepository.insertChannels>[0], rows: Parameters<typeof teamRepository.insertChannels>[1]) => {
          const channel = first(rows, 'channel');
          teamId = channel.teamId!;
          return teamRepository.insertChannels(tx, [...rows, channel]); // duplicate primary key
        },
      };
      await expect(
        createTeam({ db: ctx.app.db, bus: ctx.app.bus, accessCache: new AccessCache(ctx.app.db) }, user.id, { name: 'Doomed' }, poisoned),
      ).rejects.toThrow();
      expect(teamId).not.toBe('');
      expect(await ctx.app.db.select().from(teams).where(eq(teams.ownerId, user.id))).toEqual([]);
      expect(await ctx.app.db.select().from(teamMembers).where(eq(teamMembers.userId, user.id))).toEqual([]);
      expect(await ctx.app.db.select().from(roles).where(eq(roles.id, teamId))).toEqual([]);
      expect(await ctx.app.db.select().from(channels).where(eq(channels.teamId, teamId))).toEqual([]);
    });

    it('leaves nothing behind when the last step fails after every insert', async () => {
      const user = await makeUser(ctx.app);
      const seen: string[] = [];
      const poisoned = {
        ...teamRepository,
        insertChannels: async (tx: Parameters<typeof teamRepository.insertChannels>[0], rows: Parameters<typeof teamRepository.insertChannels>[1]) => {
          const inserted = await teamRepository.insertChannels(tx, rows);
          seen.push(...inserted.map((c) => c.teamId!));
          throw new Error('boom after the channels');
        },
      };
      const since = ctx.events.mark();
      await expect(
        createTeam({ db: ctx.app.db, bus: ctx.app.bus, accessCache: new AccessCache(ctx.app.db) }, user.id, { name: 'Doomed' }, poisoned),
      ).rejects.toThrow('boom');
      expect(seen.length).toBe(4);
      const teamId = first(seen, 'team id');
      expect(await ctx.app.db.select().from(teams).where(eq(teams.id, teamId))).toEqual([]);
      expect(await ctx.app.db.select().from(roles).where(eq(roles.id, teamId))).toEqual([]);
      expect(await ctx.app.db.select().from(channels).where(eq(channels.teamId, teamId))).toEqual([]);
      expect(await ctx.app.db.select().from(teamMembers).where(eq(teamMembers.userId, user.id))).toEqual([]);
      expect(ctx.events.ofType('USER_JOINED_TEAM', { since, where: (e) => e.event.data.team.id === teamId })).toEqual([]);
    });
  });

  describe('GET /api/v1/teams', () => {
    it("lists the user's teams in the order they were joined, and nobody else's", async () => {
      const alice = await makeUser(ctx.app);
      const bob = await makeUser(ctx.app);
      const first = await makeTeam(ctx, alice, { name: 'First' });
      const second = await makeTeam(ctx, alice, { name: 'Second' });
      await makeTeam(ctx, bob, { name: 'Bobs' });
      const res = await call(ctx.app, 'GET', '/api/v1/teams', { cookie: alice.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, suspendedTeamLength: 0 });
      expect(res.json().teams.map((t: { id: string }) => t.id)).toEqual([first.teamId, second.teamId]);
      const none = await call(ctx.app, 'GET', '/api/v1/teams', { cookie: (await makeUser(ctx.app)).cookie });
      expect(none.json()).toEqual({ success: true, teams: [], suspendedTeamLength: 0 });
      expect((await call(ctx.app, 'GET', '/api/v1/teams')).statusCode).toBe(401);
    });
  });

  describe('GET /api/teams/{teamId}/channels', () => {
    it('lists what the member may view, on both paths', async () => {
      const owner = await makeUser(ctx.app);
      const member = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner, { name: 'Channels', members: [member] });
      const hiddenId = await makeChannel(ctx, team.teamId, { name: 'staff', priority: 1, hiddenFrom: [team.teamId] });
      for (const prefix of ['/api/v1', '/api']) {
        const res = await call(ctx.app, 'GET', `${prefix}/teams/${team.teamId}/channels`, { cookie: member.cookie });
        expect(res.statusCode).toBe(200);
        expect(res.json().channels.map((c: Channel) => c.id)).toEqual([team.generalId]);
        expect(res.json().categories.map((c: { name: string }) => c.name)).toEqual(['Text Channels']);
      }
      const ownerView = await call(ctx.app, 'GET', `/api/teams/${team.teamId}/channels`, { cookie: owner.cookie });
      expect(ownerView.json().channels.map((c: Channel) => c.id)).toEqual([team.generalId, hiddenId]);
    });

    it('answers 404 team_not_found alike for non-members and unknown teams', async () => {
      const owner = await makeUser(ctx.app);
      const stranger = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner, { name: 'Private' });
      const hidden = await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/channels`, { cookie: stranger.cookie });
      const unknown = await call(ctx.app, 'GET', `/api/v1/teams/${newId()}/channels`, { cookie: stranger.cookie });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual(unknown.json());
      expect(hidden.json().code).toBe('team_not_found');
      expect((await call(ctx.app, 'GET', `/api/v1/teams/not-an-id/channels`, { cookie: stranger.cookie })).statusCode).toBe(400);
    });
  });

  describe('GET /api/teams/{teamId}/members', () => {
    it('lists members with roles, team permissions and presence, oldest first, on both paths', async () => {
      const owner = await makeUser(ctx.app);
      const member = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner, { name: 'Members', members: [member] });
      for (const prefix of ['/api/v1', '/api']) {
        const res = await call(ctx.app, 'GET', `${prefix}/teams/${team.teamId}/members`, { cookie: member.cookie });
        expect(res.statusCode).toBe(200);
        const members = res.json().members.map((m: unknown) => memberSchema.parse(m));
        expect(members.map((m: { id: string }) => m.id)).toEqual([owner.id, member.id]);
        expect(members[0]).toMatchObject({ username: owner.username, permissions: ALL_TEAM_PERMISSIONS, roles: [], bot: false, system: false });
        expect(members[1]).toMatchObject({ username: member.username, permissions: DEFAULT_ROLE_PERMISSIONS, presence: 1 });
      }
      const stranger = await makeUser(ctx.app);
      const res = await call(ctx.app, 'GET', `/api/teams/${team.teamId}/members`, { cookie: stranger.cookie });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('team_not_found');
    });

    it('gives each member their own roles and mask, whatever roles the members before and after them hold', async () => {
      const owner = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner);
      const kick = await makeRole(ctx, team.teamId, { permissions: TeamPermission.KICK_MEMBERS, priority: 1 });
      const ban = await makeRole(ctx, team.teamId, { permissions: TeamPermission.BAN_MEMBERS, priority: 2 });
      const admin = await makeRole(ctx, team.teamId, { permissions: TeamPermission.ADMINISTRATOR, priority: 3 });
      const holdings = [[kick, ban], [], [kick], [ban, kick], [admin], [], [ban]];
      const users = [];
      for (const roleIds of holdings) {
        const user = await makeUser(ctx.app);
        await makeMember(ctx, team.teamId, user, { roles: roleIds });
        users.push(user);
      }
      const res = await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/members`, { cookie: owner.cookie });
      expect(res.statusCode, res.body).toBe(200);
      const listed = (res.json().members as { id: string; roles: string[]; permissions: number }[]).map((m) => [m.id, m.roles, m.permissions]);
      const base = DEFAULT_ROLE_PERMISSIONS;
      const { KICK_MEMBERS: K, BAN_MEMBERS: B } = TeamPermission;
      const masks = [base | K | B, base, base | K, base | K | B, ALL_TEAM_PERMISSIONS, base, base | B];
      expect(listed).toEqual([
        [owner.id, [], ALL_TEAM_PERMISSIONS],
        ...users.map((u, i) => [u.id, [...holdings[i]!].sort((x, y) => (BigInt(x) < BigInt(y) ? -1 : 1)), masks[i]]),
      ]);
    });
  });
});
