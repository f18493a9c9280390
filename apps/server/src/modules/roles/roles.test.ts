import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { ChannelPermission, TeamPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeChannel, makeMember, makeRole, makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { auditLogEntries, channels, memberRoles, roles } from '../../db/schema';

const { MANAGE_ROLES, KICK_MEMBERS, BAN_MEMBERS } = TeamPermission;

describe('roles', () => {
  const ctx = withTestApp();

  const api = (as: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    call(ctx.app, method, `/api/v1/teams/${path}`, { cookie: as.cookie, ...(body === undefined ? {} : { body }) });
  const rolesOf = (teamId: string) => ctx.db.select().from(roles).where(eq(roles.teamId, teamId)).orderBy(desc(roles.priority));
  const roleRow = async (roleId: string) => first(await ctx.db.select().from(roles).where(eq(roles.id, roleId)));
  const holdings = (teamId: string) => ctx.db.select().from(memberRoles).where(eq(memberRoles.teamId, teamId));
  const auditOf = (teamId: string) => ctx.db.select().from(auditLogEntries).where(eq(auditLogEntries.teamId, teamId)).orderBy(auditLogEntries.id);
  /** Everything a role route may write: the roles, who holds them, the audit log. */
  const snapshot = async (teamId: string) => ({ roles: await rolesOf(teamId), holdings: await holdings(teamId), audit: await auditOf(teamId) });

  /** owner; `manager` (MANAGE_ROLES and KICK_MEMBERS, priority 3); `senior` above (4, no bits); `low` below (2); `plain` (default role only); `outsider`. */
  let owner: TestUser, manager: TestUser, senior: TestUser, low: TestUser, plain: TestUser, outsider: TestUser;
  beforeAll(async () => {
    [owner, manager, senior, low, plain, outsider] = await Promise.all([
      makeUser(ctx.app, 'owner'),
      makeUser(ctx.app, 'manager'),
      makeUser(ctx.app, 'senior'),
      makeUser(ctx.app, 'low'),
      makeUser(ctx.app, 'plain'),
      makeUser(ctx.app, 'outsider'),
    ]);
  });

  /** A fresh team: roles L2 (1), L (2, held by low), M (3, manager's), S (4, senior's), and the default role (0). */
  async function setup() {
    const team = await makeTeam(ctx, owner);
    const { teamId } = team;
    const L2 = await makeRole(ctx, teamId, { name: 'lowest', permissions: 0, priority: 1 });
    const L = first((await makeMember(ctx, teamId, low, { roles: [{ name: 'low', permissions: 0, priority: 2 }] })).roleIds);
    const M = first((await makeMember(ctx, teamId, manager, { roles: [{ name: 'managers', permissions: MANAGE_ROLES | KICK_MEMBERS, priority: 3 }] })).roleIds);
    const S = first((await makeMember(ctx, teamId, senior, { roles: [{ name: 'senior', permissions: 0, priority: 4 }] })).roleIds);
    await makeMember(ctx, teamId, plain);
    return { ...team, L2, L, M, S };
  }

  it('GET roles: the team roles, highest first, to members only', async () => {
    const t = await setup();
    const res = await api(plain, 'GET', `${t.teamId}/roles`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().roles.map((r: { id: string }) => r.id)).toEqual([t.S, t.M, t.L, t.L2, t.teamId]);
    expect((await call(ctx.app, 'GET', `/api/teams/${t.teamId}/roles`, { cookie: plain.cookie })).statusCode).toBe(200);
    expect((await api(outsider, 'GET', `${t.teamId}/roles`)).statusCode).toBe(404);
  });

  it('refuses every write to a member without MANAGE_ROLES (403) and changes nothing', async () => {
    const t = await setup();
    const before = await snapshot(t.teamId);
    const attempts = [
      api(low, 'POST', `${t.teamId}/roles`),
      api(low, 'PATCH', `${t.teamId}/roles`, [{ id: t.L2, name: 'renamed' }]),
      api(low, 'PATCH', `${t.teamId}/roles-priority`, [t.S, t.M, t.L2, t.L]),
      api(low, 'DELETE', `${t.teamId}/roles/${t.L2}`),
      api(low, 'POST', `${t.teamId}/roles/${t.L2}/clone`),
      api(low, 'POST', `${t.teamId}/members/${plain.id}/roles/${t.L2}`),
      api(low, 'DELETE', `${t.teamId}/members/${low.id}/roles/${t.L}`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(403);
    expect(await snapshot(t.teamId)).toEqual(before);
  });

  describe('POST roles (create)', () => {
    it('makes a white role without permissions just above the default role, the others moving up, with its audit entry and events', async () => {
      const t = await setup();
      const since = ctx.events.mark();
      const res = await api(manager, 'POST', `${t.teamId}/roles`);
      expect(res.statusCode, res.body).toBe(201);
      const { role } = res.json();
      expect(role).toMatchObject({ teamId: t.teamId, name: 'new role', color: '#ffffff', color2: null, priority: 1, permissions: 0 });
      expect((await rolesOf(t.teamId)).map((r) => [r.id, r.priority])).toEqual([
        [t.S, 5],
        [t.M, 4],
        [t.L, 3],
        [t.L2, 2],
        [role.id, 1],
        [t.teamId, 0],
      ]);
      expect((await auditOf(t.teamId)).map((e) => [e.actionType, e.targetId, e.actorId])).toEqual([['ROLE_CREATED', role.id, manager.id]]);
      expect((await ctx.events.waitFor('ROLE_CREATED', { since })).event.data).toEqual(role);
      const updated = await ctx.events.waitFor('TEAM_ROLES_UPDATED', { since });
      expect(updated.audience).toEqual({ kind: 'team', teamId: t.teamId });
      expect(updated.event.data.roles.map((r) => r.id)).toEqual([t.S, t.M, t.L, t.L2, role.id, t.teamId]);
    });
  });

  describe('PATCH roles (edit)', () => {
    it('edits a role below the actor: name, gradient, icon, flags, description and bits the actor holds; audit entry per role and TEAM_ROLES_UPDATED', async () => {
      const t = await setup();
      const since = ctx.events.mark();
      const edit = {
        id: t.L,
        name: '  Helpers ',
        color: '#ff0000',
        color2: '#0000ff',
        iconEmojiId: '🛡️',
        isDisplayedSeparately: true,
        mentionable: true,
        isSelfAssignable: true,
        description: 'They help',
        permissions: KICK_MEMBERS,
      };
      const res = await api(manager, 'PATCH', `${t.teamId}/roles`, [edit]);
      expect(res.statusCode, res.body).toBe(200);
      expect(await roleRow(t.L)).toMatchObject({ ...edit, name: 'Helpers', priority: 2 });
      const entry = first(await auditOf(t.teamId));
      expect(entry).toMatchObject({ actionType: 'ROLE_UPDATED', targetType: 'role', targetId: t.L });
      expect(entry.changes).toContainEqual({ key: 'name', old: 'low', new: 'Helpers' });
      expect(entry.changes).toContainEqual({ key: 'permissions', old: 0, new: KICK_MEMBERS });
      const updated = await ctx.events.waitFor('TEAM_ROLES_UPDATED', { since });
      expect(updated.event.data.roles.find((r) => r.id === t.L)).toMatchObject({ name: 'Helpers', color2: '#0000ff' });
      // Back to a solid colour.
      expect((await api(manager, 'PATCH', `${t.teamId}/roles`, [{ id: t.L, color2: null }])).statusCode).toBe(200);
      expect((await roleRow(t.L)).color2).toBeNull();
    });

    it('refuses a role at or above the actor, bits the actor lacks and the default role’s flags, and then writes none of the edits', async () => {
      const t = await setup();
      const before = await snapshot(t.teamId);
      const cases: [unknown[], number, string?][] = [
        [[{ id: t.S, name: 'mine now' }], 403],
        [[{ id: t.M, name: 'same rank' }], 403],
        [
          [
            { id: t.L, name: 'fine' },
            { id: t.L2, permissions: BAN_MEMBERS },
          ],
          403,
        ],
        [[{ id: t.teamId, mentionable: true }], 400, 'role_flags_locked'],
        // Bits the actor lacks are refused before the flags the role cannot have.
        [[{ id: t.teamId, mentionable: true, permissions: BAN_MEMBERS }], 403, 'forbidden'],
        [[{ id: t.L, name: 'x'.repeat(25) }], 400],
        [[{ id: t.L, name: '   ' }], 400],
        [[{ id: t.L, color: 'red' }], 400],
        [[{ id: '123456789', name: 'ghost' }], 404, 'role_not_found'],
      ];
      for (const [body, status, code] of cases) {
        const res = await api(manager, 'PATCH', `${t.teamId}/roles`, body);
        expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
        if (code) expect(res.json().code).toBe(code);
      }
      expect(await snapshot(t.teamId)).toEqual(before);
    });

    it('lets the owner rename the default role and revoke its bits; the default role can never be made self-assignable', async () => {
      const t = await setup();
      expect((await api(owner, 'PATCH', `${t.teamId}/roles`, [{ id: t.teamId, name: 'everyone', permissions: 0 }])).statusCode).toBe(200);
      expect(await roleRow(t.teamId)).toMatchObject({ name: 'everyone', permissions: 0 });
      expect((await api(owner, 'PATCH', `${t.teamId}/roles`, [{ id: t.teamId, isSelfAssignable: true }])).json().code).toBe('role_flags_locked');
    });
  });

  describe('PATCH roles-priority (reorder)', () => {
    it('moves roles below the actor, with an audit entry per moved role and TEAM_ROLES_UPDATED', async () => {
      const t = await setup();
      const since = ctx.events.mark();
      const res = await api(manager, 'PATCH', `${t.teamId}/roles-priority`, [t.S, t.M, t.L2, t.L]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().roles.map((r: { id: string }) => r.id)).toEqual([t.S, t.M, t.L2, t.L, t.teamId]);
      expect((await rolesOf(t.teamId)).map((r) => [r.id, r.priority])).toEqual([
        [t.S, 4],
        [t.M, 3],
        [t.L2, 2],
        [t.L, 1],
        [t.teamId, 0],
      ]);
      expect((await auditOf(t.teamId)).map((e) => [e.targetId, e.changes])).toEqual(
        expect.arrayContaining([
          [t.L2, [{ key: 'priority', old: 1, new: 2 }]],
          [t.L, [{ key: 'priority', old: 2, new: 1 }]],
        ]),
      );
      await ctx.events.waitFor('TEAM_ROLES_UPDATED', { since });
    });

    it('refuses moving a role to or from the actor’s rank or above (403), and an order that does not name every role once (400); nothing moves', async () => {
      const t = await setup();
      const before = await snapshot(t.teamId);
      const cases: [string[], number][] = [
        [[t.S, t.L, t.M, t.L2], 403], // the manager's own role would move down
        [[t.M, t.S, t.L, t.L2], 403], // the senior role would move below the manager
        [[t.S, t.M, t.L], 400],
        [[t.S, t.M, t.L, t.L2, t.teamId], 400],
        [[t.S, t.M, t.L, t.L], 400],
      ];
      for (const [body, status] of cases) {
        const res = await api(manager, 'PATCH', `${t.teamId}/roles-priority`, body);
        expect(res.statusCode, res.body).toBe(status);
        if (status === 400) expect(res.json().code).toBe('role_order_invalid');
      }
      expect(await snapshot(t.teamId)).toEqual(before);
      // The owner moves anything.
      expect((await api(owner, 'PATCH', `${t.teamId}/roles-priority`, [t.L2, t.L, t.M, t.S])).statusCode).toBe(200);
      expect((await roleRow(t.L2)).priority).toBe(4);
    });

    it('keeps the priorities of the roles at or above the actor, so gaps (a deleted role) never stop a reorder below them', async () => {
      const t = await setup();
      const high = await makeRole(ctx, t.teamId, { name: 'high', permissions: 0, priority: 10 });
      const res = await api(manager, 'PATCH', `${t.teamId}/roles-priority`, [high, t.S, t.M, t.L2, t.L]);
      expect(res.statusCode, res.body).toBe(200);
      expect((await rolesOf(t.teamId)).map((r) => [r.id, r.priority])).toEqual([
        [high, 10],
        [t.S, 4],
        [t.M, 3],
        [t.L2, 2],
        [t.L, 1],
        [t.teamId, 0],
      ]);
    });
  });

  describe('DELETE roles/{roleId}', () => {
    it('deletes a role below the actor with its holdings and channel overwrites, an audit entry and ROLE_DELETED', async () => {
      const t = await setup();
      const channelId = await makeChannel(ctx, t.teamId, { name: 'low-only', hiddenFrom: [t.teamId] });
      await ctx.db
        .update(channels)
        .set({ permissions: { role: { [t.L]: { allow: ChannelPermission.VIEW_CHANNEL, deny: 0 } }, user: {} } })
        .where(eq(channels.id, channelId));
      const since = ctx.events.mark();
      const res = await api(manager, 'DELETE', `${t.teamId}/roles/${t.L}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(await ctx.db.select().from(roles).where(eq(roles.id, t.L))).toEqual([]);
      expect((await holdings(t.teamId)).map((h) => h.roleId)).not.toContain(t.L);
      expect(first(await ctx.db.select().from(channels).where(eq(channels.id, channelId))).permissions.role).toEqual({});
      expect((await auditOf(t.teamId)).map((e) => [e.actionType, e.targetId, e.changes])).toEqual([
        ['ROLE_DELETED', t.L, [{ key: 'name', old: 'low', new: null }]],
      ]);
      expect((await ctx.events.waitFor('ROLE_DELETED', { since })).event.data).toEqual({ teamId: t.teamId, roleId: t.L });
    });

    it('refuses the default role (400), a role at or above the actor (403) and an unknown one (404)', async () => {
      const t = await setup();
      const before = await snapshot(t.teamId);
      const def = await api(owner, 'DELETE', `${t.teamId}/roles/${t.teamId}`);
      expect([def.statusCode, def.json().code]).toEqual([400, 'role_default_undeletable']);
      expect((await api(manager, 'DELETE', `${t.teamId}/roles/${t.M}`)).statusCode).toBe(403);
      expect((await api(manager, 'DELETE', `${t.teamId}/roles/${t.S}`)).statusCode).toBe(403);
      const unknown = await api(manager, 'DELETE', `${t.teamId}/roles/123456789`);
      expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'role_not_found']);
      expect(await snapshot(t.teamId)).toEqual(before);
    });
  });

  describe('POST roles/{roleId}/clone', () => {
    it('copies a role below the actor just below it, without its members', async () => {
      const t = await setup();
      await api(owner, 'PATCH', `${t.teamId}/roles`, [{ id: t.L, permissions: KICK_MEMBERS, color: '#123456', mentionable: true }]);
      const since = ctx.events.mark();
      const res = await api(manager, 'POST', `${t.teamId}/roles/${t.L}/clone`);
      expect(res.statusCode, res.body).toBe(201);
      const { role } = res.json();
      expect(role).toMatchObject({ name: 'low copy', permissions: KICK_MEMBERS, color: '#123456', mentionable: true, priority: 2 });
      expect((await roleRow(t.L)).priority).toBe(3);
      expect((await holdings(t.teamId)).filter((h) => h.roleId === role.id)).toEqual([]);
      const entry = (await auditOf(t.teamId)).at(-1);
      expect(entry).toMatchObject({ actionType: 'ROLE_CREATED', targetId: role.id });
      expect(entry?.changes).toContainEqual({ key: 'clonedFrom', old: null, new: t.L });
      expect((await ctx.events.waitFor('ROLE_CREATED', { since })).event.data.id).toBe(role.id);
    });

    it('refuses a role at or above the actor, and one with bits the actor lacks', async () => {
      const t = await setup();
      await api(owner, 'PATCH', `${t.teamId}/roles`, [{ id: t.L2, permissions: BAN_MEMBERS }]);
      const before = await snapshot(t.teamId);
      expect((await api(manager, 'POST', `${t.teamId}/roles/${t.S}/clone`)).statusCode).toBe(403);
      expect((await api(manager, 'POST', `${t.teamId}/roles/${t.M}/clone`)).statusCode).toBe(403);
      expect((await api(manager, 'POST', `${t.teamId}/roles/${t.L2}/clone`)).statusCode).toBe(403);
      expect(await snapshot(t.teamId)).toEqual(before);
    });
  });

  describe('POST / DELETE members/{userId}/roles/{roleId}', () => {
    const holds = async (teamId: string, userId: string, roleId: string) =>
      (
        await ctx.db
          .select()
          .from(memberRoles)
          .where(and(eq(memberRoles.teamId, teamId), eq(memberRoles.userId, userId), eq(memberRoles.roleId, roleId)))
      ).length > 0;

    it('with MANAGE_ROLES: gives and takes a role below the actor to a member below them, audited, with USER_ROLE_ADDED / USER_ROLE_REMOVED', async () => {
      const t = await setup();
      let since = ctx.events.mark();
      const add = await api(manager, 'POST', `${t.teamId}/members/${plain.id}/roles/${t.L2}`);
      expect(add.statusCode, add.body).toBe(200);
      expect(add.json()).toEqual({ success: true });
      expect(await holds(t.teamId, plain.id, t.L2)).toBe(true);
      const added = await ctx.events.waitFor('USER_ROLE_ADDED', { since });
      expect(added).toMatchObject({ audience: { kind: 'team', teamId: t.teamId }, event: { data: { teamId: t.teamId, userId: plain.id, roleId: t.L2 } } });
      expect(first(await auditOf(t.teamId))).toMatchObject({
        actionType: 'USER_ROLES_UPDATED',
        targetType: 'user',
        targetId: plain.id,
        changes: [{ key: '$add', old: null, new: 'lowest', id: t.L2 }],
      });

      // Again: nothing changes, nothing is published.
      since = ctx.events.mark();
      expect((await api(manager, 'POST', `${t.teamId}/members/${plain.id}/roles/${t.L2}`)).statusCode).toBe(200);
      expect(await auditOf(t.teamId)).toHaveLength(1);

      const remove = await api(manager, 'DELETE', `${t.teamId}/members/${plain.id}/roles/${t.L2}`);
      expect(remove.json()).toEqual({ success: true, message: 'Role removed successfully' });
      expect(await holds(t.teamId, plain.id, t.L2)).toBe(false);
      await ctx.events.waitFor('USER_ROLE_REMOVED', { since });
      expect(ctx.events.ofType('USER_ROLE_ADDED', { since })).toHaveLength(0);
      // A role below themself on themself.
      expect((await api(manager, 'POST', `${t.teamId}/members/${manager.id}/roles/${t.L}`)).statusCode).toBe(200);
    });

    it('refuses a role at or above the actor, a member at or above them, the default role and a non-member', async () => {
      const t = await setup();
      const before = await snapshot(t.teamId);
      expect((await api(manager, 'POST', `${t.teamId}/members/${plain.id}/roles/${t.S}`)).statusCode).toBe(403);
      expect((await api(manager, 'POST', `${t.teamId}/members/${plain.id}/roles/${t.M}`)).statusCode).toBe(403);
      expect((await api(manager, 'POST', `${t.teamId}/members/${senior.id}/roles/${t.L2}`)).statusCode).toBe(403);
      expect((await api(manager, 'DELETE', `${t.teamId}/members/${senior.id}/roles/${t.S}`)).statusCode).toBe(403);
      expect((await api(manager, 'POST', `${t.teamId}/members/${owner.id}/roles/${t.L2}`)).statusCode).toBe(403);
      const def = await api(manager, 'POST', `${t.teamId}/members/${plain.id}/roles/${t.teamId}`);
      expect([def.statusCode, def.json().code]).toEqual([400, 'role_default_unassignable']);
      const stranger = await api(manager, 'POST', `${t.teamId}/members/${outsider.id}/roles/${t.L2}`);
      expect([stranger.statusCode, stranger.json().code]).toEqual([404, 'member_not_found']);
      expect(await snapshot(t.teamId)).toEqual(before);
    });

    it('without MANAGE_ROLES: a member adds and removes a self-assignable role on themself only', async () => {
      const t = await setup();
      await api(owner, 'PATCH', `${t.teamId}/roles`, [{ id: t.S, isSelfAssignable: true }]);
      expect((await api(plain, 'POST', `${t.teamId}/members/${plain.id}/roles/${t.S}`)).statusCode).toBe(200);
      expect(await holds(t.teamId, plain.id, t.S)).toBe(true);
      expect((await api(plain, 'DELETE', `${t.teamId}/members/${plain.id}/roles/${t.S}`)).statusCode).toBe(200);
      expect(await holds(t.teamId, plain.id, t.S)).toBe(false);
      expect((await api(plain, 'POST', `${t.teamId}/members/${low.id}/roles/${t.S}`)).statusCode).toBe(403);
      expect((await api(plain, 'POST', `${t.teamId}/members/${plain.id}/roles/${t.L2}`)).statusCode).toBe(403);
      expect(await holds(t.teamId, low.id, t.S)).toBe(false);
    });
  });

  describe("a bot's role (spec 001 §6)", () => {
    /** A team with a bot member holding its bot role (priority 2, below the manager) and a plain role L2. */
    async function withBot() {
      const t = await setup();
      const bot = await makeUser(ctx.app, 'helper bot', { bot: true });
      const botRole = await makeRole(ctx, t.teamId, { name: 'helper bot', permissions: KICK_MEMBERS, priority: 2, botUserId: bot.id });
      await makeMember(ctx, t.teamId, bot, { roles: [botRole] });
      return { ...t, bot, botRole };
    }

    it('is listed with its bot (botUserId); other roles have none', async () => {
      const t = await withBot();
      const listed = (await api(plain, 'GET', `${t.teamId}/roles`)).json().roles as { id: string; botUserId: string | null }[];
      expect(listed.find((r) => r.id === t.botRole)?.botUserId).toBe(t.bot.id);
      expect(listed.filter((r) => r.id !== t.botRole).map((r) => r.botUserId)).toEqual(listed.filter((r) => r.id !== t.botRole).map(() => null));
    });

    it('cannot be deleted, not even by the owner (400 role_bot_undeletable), and nothing changes', async () => {
      const t = await withBot();
      const before = await snapshot(t.teamId);
      for (const who of [owner, manager]) {
        const res = await api(who, 'DELETE', `${t.teamId}/roles/${t.botRole}`);
        expect([res.statusCode, res.json().code]).toEqual([400, 'role_bot_undeletable']);
      }
      expect(await snapshot(t.teamId)).toEqual(before);
    });

    it('cannot be displayed separately, mentionable or self-assignable; its name, colour and bits can be edited', async () => {
      const t = await withBot();
      const before = await snapshot(t.teamId);
      for (const flag of ['isDisplayedSeparately', 'mentionable', 'isSelfAssignable']) {
        const res = await api(owner, 'PATCH', `${t.teamId}/roles`, [{ id: t.botRole, [flag]: true }]);
        expect([res.statusCode, res.json().code], flag).toEqual([400, 'role_flags_locked']);
      }
      // With another role's edit in the same request: neither is written.
      const both = await api(owner, 'PATCH', `${t.teamId}/roles`, [
        { id: t.L2, name: 'renamed' },
        { id: t.botRole, mentionable: true },
      ]);
      expect(both.statusCode).toBe(400);
      expect(await snapshot(t.teamId)).toEqual(before);
      // The flags as they are (false) are no change; other fields are editable.
      const edit = await api(owner, 'PATCH', `${t.teamId}/roles`, [{ id: t.botRole, name: 'helper', color: '#00ff00', mentionable: false, permissions: 0 }]);
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await roleRow(t.botRole)).toMatchObject({ name: 'helper', color: '#00ff00', permissions: 0, mentionable: false, botUserId: t.bot.id });
    });

    it('is neither taken from its bot nor given to anyone through the member-roles endpoint (400 role_bot_unassignable)', async () => {
      const t = await withBot();
      const before = await snapshot(t.teamId);
      for (const [method, userId] of [
        ['DELETE', t.bot.id],
        ['POST', plain.id],
        ['POST', manager.id],
      ] as const) {
        const res = await api(owner, method, `${t.teamId}/members/${userId}/roles/${t.botRole}`);
        expect([res.statusCode, res.json().code], `${method} ${userId}`).toEqual([400, 'role_bot_unassignable']);
      }
      expect(await snapshot(t.teamId)).toEqual(before);
      // The bot's other roles can still be given and taken.
      expect((await api(owner, 'POST', `${t.teamId}/members/${t.bot.id}/roles/${t.L2}`)).statusCode).toBe(200);
      expect((await api(owner, 'DELETE', `${t.teamId}/members/${t.bot.id}/roles/${t.L2}`)).statusCode).toBe(200);
    });

    it('clones into an ordinary role without a bot', async () => {
      const t = await withBot();
      const res = await api(owner, 'POST', `${t.teamId}/roles/${t.botRole}/clone`);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().role).toMatchObject({ name: 'helper bot copy', permissions: KICK_MEMBERS, botUserId: null });
      expect((await roleRow(res.json().role.id)).botUserId).toBeNull();
      expect((await api(owner, 'DELETE', `${t.teamId}/roles/${res.json().role.id}`)).statusCode).toBe(200);
    });
  });
});
