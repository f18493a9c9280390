import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LIMITS } from '@rally/shared/limits';
import { TeamPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeMember, makeTeam, makeUser, type TeamFixture, type TestUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { auditLogEntries, bans, teamMembers, teams } from '../../db/schema';
import { newId } from '../../lib/snowflake';
import { loadTeamAccess } from '../permissions/access';
import { AccessCache } from '../permissions/cache';
import { moderationRepository } from './repository';
import { banMember, kickMember } from './service';

const { KICK_MEMBERS, BAN_MEMBERS } = TeamPermission;

describe('moderation', () => {
  const ctx = withTestApp();

  const kick = (as: TestUser, teamId: string, userId: string) => call(ctx.app, 'DELETE', `/api/v1/teams/${teamId}/members/${userId}`, { cookie: as.cookie });
  const ban = (as: TestUser, teamId: string, userId: string, body: Record<string, unknown> = {}, prefix = '/api/v1') =>
    call(ctx.app, 'POST', `${prefix}/teams/${teamId}/members/${userId}/ban`, { cookie: as.cookie, body });
  const unban = (as: TestUser, teamId: string, userId: string) =>
    call(ctx.app, 'DELETE', `/api/v1/teams/${teamId}/members/${userId}/ban`, { cookie: as.cookie });
  const bansOf = (as: TestUser, teamId: string, query = '') => call(ctx.app, 'GET', `/api/teams/${teamId}/bans${query}`, { cookie: as.cookie });
  const leave = (as: TestUser, teamId: string) => call(ctx.app, 'DELETE', '/api/v1/teams', { cookie: as.cookie, body: { id: teamId } });

  const isMember = async (teamId: string, userId: string) =>
    (
      await ctx.db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    ).length > 0;
  const memberCount = async (teamId: string) => first(await ctx.db.select({ n: teams.memberCount }).from(teams).where(eq(teams.id, teamId))).n;
  const auditOf = (teamId: string) => ctx.db.select().from(auditLogEntries).where(eq(auditLogEntries.teamId, teamId));
  const bansIn = (teamId: string) => ctx.db.select().from(bans).where(eq(bans.teamId, teamId));

  /**
   * A team: owner; `mod` holding a role of priority 2 with KICK_MEMBERS and BAN_MEMBERS; `peer` with
   * the same rank and bits; `senior` above them (priority 3, no bits); `member` and `plain` with the
   * default role only; `outsider` in no team.
   */
  let owner: TestUser, mod: TestUser, peer: TestUser, senior: TestUser, member: TestUser, plain: TestUser, outsider: TestUser;
  let team: TeamFixture;
  let modRole: string;
  beforeAll(async () => {
    [owner, mod, peer, senior, member, plain, outsider] = await Promise.all([
      makeUser(ctx.app, 'owner'),
      makeUser(ctx.app, 'mod'),
      makeUser(ctx.app, 'peer'),
      makeUser(ctx.app, 'senior'),
      makeUser(ctx.app, 'member'),
      makeUser(ctx.app, 'plain'),
      makeUser(ctx.app, 'outsider'),
    ]);
    team = await makeTeam(ctx, owner);
    modRole = first((await makeMember(ctx, team.teamId, mod, { roles: [{ permissions: KICK_MEMBERS | BAN_MEMBERS, priority: 2 }] })).roleIds);
    await makeMember(ctx, team.teamId, peer, { roles: [modRole] });
    await makeMember(ctx, team.teamId, senior, { roles: [{ permissions: 0, priority: 3 }] });
    await makeMember(ctx, team.teamId, member);
    await makeMember(ctx, team.teamId, plain);
  });

  /** A fresh member of `team` with the default role only. */
  async function newMember(name = 'target'): Promise<TestUser> {
    const user = await makeUser(ctx.app, name);
    await makeMember(ctx, team.teamId, user);
    return user;
  }

  describe('DELETE /api/v1/teams/{teamId}/members/{userId} (kick)', () => {
    it('removes a member below the actor, counts them out, records USER_KICKED and publishes USER_LEFT_TEAM to the team', async () => {
      const target = await newMember();
      const count = await memberCount(team.teamId);
      const since = ctx.events.mark();
      const res = await kick(mod, team.teamId, target.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(await isMember(team.teamId, target.id)).toBe(false);
      expect(await memberCount(team.teamId)).toBe(count - 1);
      const entry = (await auditOf(team.teamId)).find((e) => e.targetId === target.id);
      expect(entry).toMatchObject({ actionType: 'USER_KICKED', actorId: mod.id, targetType: 'user', targetId: target.id, changes: [] });
      const published = await ctx.events.waitFor('USER_LEFT_TEAM', { since });
      expect(published.audience).toEqual({ kind: 'team', teamId: team.teamId });
      expect(published.event.data).toEqual({ teamId: team.teamId, userId: target.id });
      // The kicked member no longer reaches the team.
      expect((await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/members`, { cookie: target.cookie })).statusCode).toBe(404);
    });

    it('refuses a member without KICK_MEMBERS (403), changing nothing', async () => {
      const target = await newMember();
      const before = (await auditOf(team.teamId)).length;
      const since = ctx.events.mark();
      const res = await kick(plain, team.teamId, target.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
      expect(await isMember(team.teamId, target.id)).toBe(true);
      expect(await auditOf(team.teamId)).toHaveLength(before);
      expect(ctx.events.ofType('USER_LEFT_TEAM', { since })).toHaveLength(0);
    });

    it('refuses targets of the same or a higher rank, and the creator (403), changing nothing', async () => {
      for (const target of [peer, senior]) {
        const res = await kick(mod, team.teamId, target.id);
        expect(res.statusCode).toBe(403);
        expect(await isMember(team.teamId, target.id)).toBe(true);
      }
      const res = await kick(mod, team.teamId, owner.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('team_owner_protected');
      expect(await isMember(team.teamId, owner.id)).toBe(true);
      // Nor oneself: nobody outranks themself.
      expect((await kick(mod, team.teamId, mod.id)).statusCode).toBe(403);
    });

    it('lets the creator kick anyone else; 404 for a user who is not a member; 404 for a non-member caller', async () => {
      const high = await makeUser(ctx.app, 'high');
      await makeMember(ctx, team.teamId, high, { roles: [{ permissions: KICK_MEMBERS, priority: 50 }] });
      expect((await kick(owner, team.teamId, high.id)).statusCode).toBe(200);
      expect(await isMember(team.teamId, high.id)).toBe(false);
      const missing = await kick(owner, team.teamId, outsider.id);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('member_not_found');
      expect((await kick(outsider, team.teamId, member.id)).statusCode).toBe(404);
    });
  });

  describe('POST /api/v1/teams/{teamId}/members/{userId}/ban', () => {
    it('bans and removes a member with a reason, records USER_BANNED with the reason, publishes USER_LEFT_TEAM', async () => {
      const target = await newMember();
      const count = await memberCount(team.teamId);
      const since = ctx.events.mark();
      const res = await ban(mod, team.teamId, target.id, { reason: '  spam  ' }, '/api');
      expect(res.statusCode, res.body).toBe(200);
      expect(await isMember(team.teamId, target.id)).toBe(false);
      expect(await memberCount(team.teamId)).toBe(count - 1);
      expect((await bansIn(team.teamId)).find((b) => b.userId === target.id)).toMatchObject({ reason: 'spam', actorId: mod.id });
      expect((await auditOf(team.teamId)).find((e) => e.targetId === target.id)).toMatchObject({
        actionType: 'USER_BANNED',
        actorId: mod.id,
        targetType: 'user',
        changes: [{ key: 'reason', old: null, new: 'spam' }],
      });
      expect((await ctx.events.waitFor('USER_LEFT_TEAM', { since })).event.data).toEqual({ teamId: team.teamId, userId: target.id });
    });

    it('blocks the banned user from joining again through an invite until the ban is lifted', async () => {
      const target = await newMember();
      expect((await ban(owner, team.teamId, target.id)).statusCode).toBe(200);
      const invite = await call(ctx.app, 'POST', '/api/v1/teams/invite', { cookie: owner.cookie, body: { teamId: team.teamId } });
      expect(invite.statusCode, invite.body).toBe(200);
      const code = invite.json().invite.code as string;
      const refused = await call(ctx.app, 'POST', `/api/v1/invites/${code}/join`, { cookie: target.cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('team_banned');
      expect(await isMember(team.teamId, target.id)).toBe(false);

      expect((await unban(owner, team.teamId, target.id)).statusCode).toBe(200);
      const joined = await call(ctx.app, 'POST', `/api/v1/invites/${code}/join`, { cookie: target.cookie });
      expect(joined.statusCode, joined.body).toBe(200);
      expect(await isMember(team.teamId, target.id)).toBe(true);
    });

    it('bans a user who is not a member (no event); 409 when already banned; 404 for an unknown user', async () => {
      const stranger = await makeUser(ctx.app, 'stranger');
      const since = ctx.events.mark();
      expect((await ban(mod, team.teamId, stranger.id)).statusCode).toBe(200);
      expect((await bansIn(team.teamId)).find((b) => b.userId === stranger.id)).toMatchObject({ reason: null });
      expect(ctx.events.ofType('USER_LEFT_TEAM', { since })).toHaveLength(0);
      const again = await ban(mod, team.teamId, stranger.id, { reason: 'twice' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ban_exists');
      const unknown = await ban(mod, team.teamId, newId());
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('user_not_found');
    });

    it('refuses without BAN_MEMBERS, at the same or a higher rank, and the creator (403), changing nothing', async () => {
      const target = await newMember();
      const before = { bans: (await bansIn(team.teamId)).length, audit: (await auditOf(team.teamId)).length };
      expect((await ban(plain, team.teamId, target.id)).statusCode).toBe(403);
      expect((await ban(mod, team.teamId, peer.id)).statusCode).toBe(403);
      expect((await ban(mod, team.teamId, senior.id)).statusCode).toBe(403);
      const creator = await ban(mod, team.teamId, owner.id);
      expect(creator.statusCode).toBe(403);
      expect(creator.json().code).toBe('team_owner_protected');
      for (const user of [target, peer, senior, owner]) expect(await isMember(team.teamId, user.id)).toBe(true);
      expect(await bansIn(team.teamId)).toHaveLength(before.bans);
      expect(await auditOf(team.teamId)).toHaveLength(before.audit);
    });

    it('limits the reason to 512 characters', async () => {
      const target = await newMember();
      const res = await ban(mod, team.teamId, target.id, { reason: 'x'.repeat(LIMITS.banReason.max + 1) });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ reason: 'Ban reason must be at most 512 characters long' });
      expect(await isMember(team.teamId, target.id)).toBe(true);
      expect((await ban(mod, team.teamId, target.id, { reason: 'x'.repeat(LIMITS.banReason.max) })).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/v1/teams/{teamId}/members/{userId}/ban and GET /api/teams/{teamId}/bans', () => {
    it('lists bans newest first with the user and reason, limited; lifts one with USER_UNBANNED (old reason → null)', async () => {
      const other = await makeTeam(ctx, owner, { name: 'Bans' });
      const [a, b] = [await makeUser(ctx.app, 'banned a'), await makeUser(ctx.app, 'banned b')];
      await makeMember(ctx, other.teamId, a);
      expect((await ban(owner, other.teamId, a.id, { reason: 'first' })).statusCode).toBe(200);
      expect((await ban(owner, other.teamId, b.id, { reason: 'second' })).statusCode).toBe(200);

      const listed = await bansOf(owner, other.teamId);
      expect(listed.statusCode).toBe(200);
      const body = listed.json<{ bans: { user: { id: string; username: string; subdomain: string }; reason: string | null }[] }>();
      expect(body.bans.map((x) => [x.user.id, x.user.username, x.reason])).toEqual([
        [b.id, b.username, 'second'],
        [a.id, a.username, 'first'],
      ]);
      expect((await bansOf(owner, other.teamId, '?limit=1')).json().bans).toHaveLength(1);
      expect((await bansOf(owner, other.teamId, `?limit=${LIMITS.bansPage + 1}`)).statusCode).toBe(400);

      expect((await unban(owner, other.teamId, a.id)).statusCode).toBe(200);
      expect((await bansIn(other.teamId)).map((x) => x.userId)).toEqual([b.id]);
      expect((await auditOf(other.teamId)).find((e) => e.actionType === 'USER_UNBANNED')).toMatchObject({
        actorId: owner.id,
        targetId: a.id,
        changes: [{ key: 'reason', old: 'first', new: null }],
      });
      const missing = await unban(owner, other.teamId, a.id);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('ban_not_found');
    });

    it('refuses both without BAN_MEMBERS (403), changing nothing', async () => {
      const stranger = await makeUser(ctx.app, 'kept banned');
      expect((await ban(owner, team.teamId, stranger.id)).statusCode).toBe(200);
      expect((await bansOf(plain, team.teamId)).statusCode).toBe(403);
      expect((await unban(plain, team.teamId, stranger.id)).statusCode).toBe(403);
      expect((await bansIn(team.teamId)).some((b) => b.userId === stranger.id)).toBe(true);
      expect((await bansOf(mod, team.teamId)).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/v1/teams (leave)', () => {
    it('lets a member leave: membership and count go, USER_LEFT_TEAM is published, no audit entry', async () => {
      const leaver = await newMember('leaver');
      const count = await memberCount(team.teamId);
      const audit = (await auditOf(team.teamId)).length;
      const since = ctx.events.mark();
      const res = await leave(leaver, team.teamId);
      expect(res.statusCode, res.body).toBe(200);
      expect(await isMember(team.teamId, leaver.id)).toBe(false);
      expect(await memberCount(team.teamId)).toBe(count - 1);
      expect(await auditOf(team.teamId)).toHaveLength(audit);
      expect((await ctx.events.waitFor('USER_LEFT_TEAM', { since })).event.data).toEqual({ teamId: team.teamId, userId: leaver.id });
      expect((await leave(leaver, team.teamId)).statusCode).toBe(404);
    });

    it('refuses the creator (403 team_owner_cannot_leave), changing nothing', async () => {
      const count = await memberCount(team.teamId);
      const res = await leave(owner, team.teamId);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('team_owner_cannot_leave');
      expect(await isMember(team.teamId, owner.id)).toBe(true);
      expect(await memberCount(team.teamId)).toBe(count);
    });
  });

  describe('one transaction', () => {
    /** The service with a repository whose audit write fails: nothing of the change may stay. */
    const failingAudit = {
      ...moderationRepository,
      insertAuditEntry: () => Promise.reject(new Error('audit write failed')),
    };
    const depsOf = () => ({ db: ctx.db, bus: ctx.app.bus, accessCache: new AccessCache(ctx.db) });

    it('rolls back a kick and a ban whose audit entry cannot be written', async () => {
      const target = await newMember();
      const access = await loadTeamAccess(ctx.db, team.teamId, owner.id);
      if (!access) throw new Error('owner access');
      const count = await memberCount(team.teamId);
      const since = ctx.events.mark();
      await expect(kickMember(depsOf(), access, target.id, failingAudit)).rejects.toThrow('audit write failed');
      await expect(banMember(depsOf(), access, target.id, 'why', failingAudit)).rejects.toThrow('audit write failed');
      expect(await isMember(team.teamId, target.id)).toBe(true);
      expect(await memberCount(team.teamId)).toBe(count);
      expect((await bansIn(team.teamId)).some((b) => b.userId === target.id)).toBe(false);
      expect(ctx.events.ofType('USER_LEFT_TEAM', { since })).toHaveLength(0);
    });
  });
});
