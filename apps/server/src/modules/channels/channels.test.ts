import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ChannelPermission, TeamPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeChannel, makeMember, makeTeam, makeUser, type TeamFixture, type TestUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { auditLogEntries, channels } from '../../db/schema';

const { MANAGE_CHANNELS } = TeamPermission;
const { VIEW_CHANNEL, SEND_MESSAGES, MANAGE_CHANNEL, MANAGE_MESSAGES, CREATE_TODOS } = ChannelPermission;

describe('channels and categories', () => {
  const ctx = withTestApp();

  const api = (as: TestUser, method: 'PUT' | 'PATCH' | 'POST' | 'DELETE', path: string, body?: Record<string, unknown>) =>
    call(ctx.app, method, `/api/v1/teams/${team.teamId}${path}`, { cookie: as.cookie, body });
  const rowOf = async (id: string) => (await ctx.db.select().from(channels).where(eq(channels.id, id)))[0];
  const auditFor = (targetId: string) => ctx.db.select().from(auditLogEntries).where(eq(auditLogEntries.targetId, targetId));
  const teamRows = () => ctx.db.select().from(channels).where(eq(channels.teamId, team.teamId));

  /**
   * owner; `manager` with MANAGE_CHANNELS (priority 2, which gives no channel bit by itself);
   * `member` with the default role only; `other` owns another team.
   */
  let owner: TestUser, manager: TestUser, member: TestUser, other: TestUser;
  let team: TeamFixture, otherTeam: TeamFixture;
  let managerRole: string;
  beforeAll(async () => {
    [owner, manager, member, other] = await Promise.all([
      makeUser(ctx.app, 'owner'),
      makeUser(ctx.app, 'manager'),
      makeUser(ctx.app, 'member'),
      makeUser(ctx.app, 'other'),
    ]);
    team = await makeTeam(ctx, owner);
    otherTeam = await makeTeam(ctx, other);
    managerRole = first((await makeMember(ctx, team.teamId, manager, { roles: [{ permissions: MANAGE_CHANNELS, priority: 2 }] })).roleIds);
    await makeMember(ctx, team.teamId, member);
  });

  describe('PUT /api/v1/teams/{teamId}/channels (create)', () => {
    it('creates a channel in a category of the team, at the end, with its audit entry and CHANNEL_CREATED', async () => {
      const since = ctx.events.mark();
      const res = await api(manager, 'PUT', '/channels', { name: '  news  ', type: 'announcement', categoryId: team.categoryId });
      expect(res.statusCode, res.body).toBe(201);
      const { channel } = res.json();
      expect(channel).toMatchObject({ teamId: team.teamId, type: 'announcement', name: 'news', parentId: team.categoryId, nsfw: false, rateLimitPerUser: 0 });
      const priorities = (await teamRows()).filter((r) => r.id !== channel.id).map((r) => r.priority);
      expect(channel.priority).toBeGreaterThan(Math.max(...priorities));
      expect(await rowOf(channel.id)).toMatchObject({ name: 'news', type: 'announcement' });
      expect(first(await auditFor(channel.id))).toMatchObject({ actionType: 'CHANNEL_CREATED', actorId: manager.id, targetType: 'channel' });
      const published = await ctx.events.waitFor('CHANNEL_CREATED', { since });
      expect(published.audience).toEqual({ kind: 'channel', channelId: channel.id });
    });

    it('creates every type, whiteboard included; a watch-stream needs its stream', async () => {
      for (const type of ['text', 'todo', 'voice', 'whiteboard']) expect((await api(owner, 'PUT', '/channels', { name: type, type })).statusCode).toBe(201);
      const stream = await api(owner, 'PUT', '/channels', {
        name: 'live',
        type: 'watchstream',
        additionalData: { streamPlatform: 'kick', streamChannel: 'streamer' },
      });
      expect(stream.statusCode, stream.body).toBe(201);
      expect((await api(owner, 'PUT', '/channels', { name: 'live', type: 'watchstream' })).json().code).toBe('stream_channel_length');
      const short = await api(owner, 'PUT', '/channels', {
        name: 'live',
        type: 'watchstream',
        additionalData: { streamPlatform: 'twitch', streamChannel: 'abc' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ code: 'stream_channel_length' });
      const long = await api(owner, 'PUT', '/channels', {
        name: 'live',
        type: 'watchstream',
        additionalData: { streamPlatform: 'twitch', streamChannel: 'x'.repeat(26) },
      });
      expect(long.json().code).toBe('stream_channel_length');
      const platform = await api(owner, 'PUT', '/channels', {
        name: 'live',
        type: 'watchstream',
        additionalData: { streamPlatform: 'youtube', streamChannel: 'streamer' },
      });
      expect(platform.json().code).toBe('stream_platform_invalid');
      for (const type of ['category', 'DM', 'forum'])
        expect((await api(owner, 'PUT', '/channels', { name: 'x', type })).json().code).toBe('channel_type_invalid');
    });

    it("stores a watch-stream's stream (additionalData) and returns it everywhere channels are; other types have none", async () => {
      const since = ctx.events.mark();
      const res = await api(manager, 'PUT', '/channels', {
        name: 'stream',
        type: 'watchstream',
        additionalData: { streamPlatform: 'twitch', streamChannel: '  streamer_1  ' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const stream = { streamPlatform: 'twitch', streamChannel: 'streamer_1' };
      const { channel } = res.json();
      expect(channel.additionalData).toEqual(stream);
      expect((await rowOf(channel.id))?.additionalData).toEqual(stream);
      expect((await ctx.events.waitFor('CHANNEL_CREATED', { since })).event.data.additionalData).toEqual(stream);
      const listed = (await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/channels`, { cookie: member.cookie })).json().channels as {
        id: string;
        additionalData: unknown;
      }[];
      expect(listed.find((c) => c.id === channel.id)?.additionalData).toEqual(stream);
      expect(listed.find((c) => c.id === team.generalId)?.additionalData).toBeNull();
      // A clone keeps it.
      expect((await api(manager, 'POST', `/channels/${channel.id}/clone`)).json().channel.additionalData).toEqual(stream);
      // Another type cannot carry one.
      const text = await api(manager, 'PUT', '/channels', { name: 'txt', type: 'text', additionalData: stream });
      expect([text.statusCode, text.json().code, Object.keys(text.json().errors)]).toEqual([400, 'stream_data_unsupported', ['additionalData']]);
    });

    it("refuses names outside 1–20 with the spec's text, and nothing is created", async () => {
      const before = (await teamRows()).length;
      for (const name of ['', '   ', 'x'.repeat(21)]) {
        const res = await api(owner, 'PUT', '/channels', { name, type: 'text' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'channel_name_length',
          message: 'Channel name must be at least 1 character long and less than 20 characters long',
        });
      }
      expect((await api(owner, 'PUT', '/channels', { name: 'x'.repeat(20), type: 'text' })).statusCode).toBe(201);
      expect((await teamRows()).length).toBe(before + 1);
    });

    it('refuses a parent that is not a category of the team', async () => {
      for (const categoryId of [team.generalId, otherTeam.categoryId, '1234567890123']) {
        const res = await api(owner, 'PUT', '/channels', { name: 'stray', type: 'text', categoryId });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('channel_parent_invalid');
      }
      expect((await teamRows()).some((r) => r.name === 'stray')).toBe(false);
    });

    it('refuses a member without MANAGE_CHANNELS (403, nothing created) and a non-member (404)', async () => {
      const before = (await teamRows()).length;
      expect((await api(member, 'PUT', '/channels', { name: 'nope', type: 'text' })).statusCode).toBe(403);
      expect((await api(other, 'PUT', '/channels', { name: 'nope', type: 'text' })).statusCode).toBe(404);
      expect((await teamRows()).length).toBe(before);
    });
  });

  describe('PATCH /api/v1/teams/{teamId}/channels/{channelId} (edit)', () => {
    it('writes the changed fields with an audit entry listing them, and publishes CHANNEL_UPDATED', async () => {
      const channelId = await makeChannel(ctx, team.teamId, {
        name: 'edit-me',
        permissions: { role: { [managerRole]: { allow: MANAGE_CHANNEL, deny: 0 } }, user: {} },
      });
      const since = ctx.events.mark();
      const res = await api(manager, 'PATCH', `/channels/${channelId}`, {
        name: 'edited',
        description: 'About',
        rateLimitPerUser: 30,
        nsfw: true,
        userLimit: 0,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().channel).toMatchObject({ name: 'edited', description: 'About', rateLimitPerUser: 30, nsfw: true, userLimit: 0 });
      expect(await rowOf(channelId)).toMatchObject({ name: 'edited', description: 'About', rateLimitPerUser: 30, nsfw: true });
      const entry = first(await auditFor(channelId));
      expect(entry.actionType).toBe('CHANNEL_UPDATED');
      expect(entry.changes).toEqual([
        { key: 'name', old: 'edit-me', new: 'edited' },
        { key: 'description', old: null, new: 'About' },
        { key: 'rateLimitPerUser', old: 0, new: 30 },
        { key: 'nsfw', old: false, new: true },
      ]);
      expect((await ctx.events.waitFor('CHANNEL_UPDATED', { since })).event.data).toMatchObject({ id: channelId, name: 'edited' });
    });

    it('refuses limits: user limit 0–100, slowmode, name, description', async () => {
      const channelId = await makeChannel(ctx, team.teamId, { type: 'voice', name: 'voice' });
      expect((await api(owner, 'PATCH', `/channels/${channelId}`, { userLimit: 100 })).statusCode).toBe(200);
      for (const [body, code] of [
        [{ userLimit: 101 }, 'user_limit_range'],
        [{ userLimit: -1 }, 'user_limit_range'],
        [{ rateLimitPerUser: -1 }, 'slowmode_range'],
        [{ rateLimitPerUser: 21_601 }, 'slowmode_range'],
        [{ name: '' }, 'channel_name_length'],
        [{ description: 'x'.repeat(1025) }, 'channel_description_too_long'],
      ] as const) {
        const res = await api(owner, 'PATCH', `/channels/${channelId}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe(code);
      }
      expect(await rowOf(channelId)).toMatchObject({ userLimit: 100, name: 'voice', rateLimitPerUser: 0 });
    });

    it("changes a watch-stream's stream, validated as at creation, audited per field; refuses one on another type", async () => {
      const channelId = await makeChannel(ctx, team.teamId, {
        name: 'watch',
        type: 'watchstream',
        additionalData: { streamPlatform: 'twitch', streamChannel: 'first' },
      });
      const since = ctx.events.mark();
      const res = await api(owner, 'PATCH', `/channels/${channelId}`, { additionalData: { streamPlatform: 'kick', streamChannel: 'first' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().channel.additionalData).toEqual({ streamPlatform: 'kick', streamChannel: 'first' });
      expect((await rowOf(channelId))?.additionalData).toEqual({ streamPlatform: 'kick', streamChannel: 'first' });
      expect(first(await auditFor(channelId)).changes).toEqual([{ key: 'additionalData.streamPlatform', old: 'twitch', new: 'kick' }]);
      expect((await ctx.events.waitFor('CHANNEL_UPDATED', { since })).event.data.additionalData).toEqual({ streamPlatform: 'kick', streamChannel: 'first' });
      // The same stream again: no change, no entry.
      expect((await api(owner, 'PATCH', `/channels/${channelId}`, { additionalData: { streamPlatform: 'kick', streamChannel: 'first' } })).statusCode).toBe(
        200,
      );
      expect(await auditFor(channelId)).toHaveLength(1);
      for (const [additionalData, code] of [
        [{ streamPlatform: 'kick', streamChannel: 'abc' }, 'stream_channel_length'],
        [{ streamPlatform: 'kick', streamChannel: 'x'.repeat(26) }, 'stream_channel_length'],
        [{ streamPlatform: 'youtube', streamChannel: 'streamer' }, 'stream_platform_invalid'],
        [null, 'invalid_request'],
      ] as const) {
        const bad = await api(owner, 'PATCH', `/channels/${channelId}`, { additionalData });
        expect(bad.statusCode, JSON.stringify(additionalData)).toBe(400);
        if (code !== 'invalid_request') expect(bad.json().code).toBe(code);
      }
      const onText = await api(owner, 'PATCH', `/channels/${team.generalId}`, { additionalData: { streamPlatform: 'kick', streamChannel: 'streamer' } });
      expect([onText.statusCode, onText.json().code]).toEqual([400, 'stream_data_unsupported']);
      expect((await rowOf(team.generalId))?.additionalData).toBeNull();
      expect((await rowOf(channelId))?.additionalData).toEqual({ streamPlatform: 'kick', streamChannel: 'first' });
    });

    it('refuses without MANAGE_CHANNEL on the channel (team MANAGE_CHANNELS brings it unless denied there) and leaves it unchanged', async () => {
      const channelId = await makeChannel(ctx, team.teamId, {
        name: 'keep',
        permissions: { role: {}, user: { [manager.id]: { allow: 0, deny: MANAGE_CHANNEL } } },
      });
      for (const who of [member, manager]) expect((await api(who, 'PATCH', `/channels/${channelId}`, { name: 'changed' })).statusCode).toBe(403);
      expect((await rowOf(channelId))?.name).toBe('keep');
      expect(await auditFor(channelId)).toHaveLength(0);
    });

    it('answers 404 for a category, a channel of another team and a hidden channel', async () => {
      expect((await api(owner, 'PATCH', `/channels/${team.categoryId}`, { name: 'x' })).statusCode).toBe(404);
      expect((await api(owner, 'PATCH', `/channels/${otherTeam.generalId}`, { name: 'x' })).statusCode).toBe(404);
      const hidden = await makeChannel(ctx, team.teamId, { name: 'hidden', hiddenFrom: [team.teamId] });
      expect((await api(member, 'PATCH', `/channels/${hidden}`, { name: 'x' })).statusCode).toBe(403);
    });
  });

  describe('DELETE and clone', () => {
    it('deletes a channel with an audit entry and CHANNEL_DELETED; refuses without MANAGE_CHANNEL', async () => {
      const channelId = await makeChannel(ctx, team.teamId, { name: 'doomed' });
      expect((await api(member, 'DELETE', `/channels/${channelId}`)).statusCode).toBe(403);
      expect(await rowOf(channelId)).toBeDefined();
      const since = ctx.events.mark();
      const res = await api(owner, 'DELETE', `/channels/${channelId}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(await rowOf(channelId)).toBeUndefined();
      expect(first(await auditFor(channelId))).toMatchObject({ actionType: 'CHANNEL_DELETED', changes: [{ key: 'name', old: 'doomed', new: null }] });
      expect((await ctx.events.waitFor('CHANNEL_DELETED', { since })).event.data).toEqual({ id: channelId, teamId: team.teamId });
    });

    it('clones a channel with its settings and overwrites, not its messages; refuses without MANAGE_CHANNELS', async () => {
      const permissions = { role: { [team.teamId]: { allow: 0, deny: SEND_MESSAGES } }, user: {} };
      const source = await makeChannel(ctx, team.teamId, { name: 'orig', parentId: team.categoryId, rateLimitPerUser: 5, nsfw: true, permissions });
      expect((await api(member, 'POST', `/channels/${source}/clone`)).statusCode).toBe(403);
      const res = await api(manager, 'POST', `/channels/${source}/clone`);
      expect(res.statusCode, res.body).toBe(201);
      const { channel } = res.json();
      expect(channel.id).not.toBe(source);
      expect(channel).toMatchObject({ name: 'orig', type: 'text', parentId: team.categoryId, rateLimitPerUser: 5, nsfw: true, permissions });
      expect(first(await auditFor(channel.id))).toMatchObject({ actionType: 'CHANNEL_CREATED', options: { channelId: source } });
      const hidden = await makeChannel(ctx, team.teamId, { name: 'secret', hiddenFrom: [team.teamId] });
      expect((await api(manager, 'POST', `/channels/${hidden}/clone`)).statusCode).toBe(404);
    });
  });

  describe('categories', () => {
    it('creates (MANAGE_CHANNELS), renames and deletes (MANAGE_CHANNEL on it) a category; its channels stay, uncategorised', async () => {
      expect((await api(member, 'POST', '/categories', { name: 'nope' })).statusCode).toBe(403);
      expect((await api(owner, 'POST', '/categories', { name: 'x'.repeat(21) })).json().code).toBe('category_name_length');
      const created = await api(manager, 'POST', '/categories', { name: 'Voice' });
      expect(created.statusCode, created.body).toBe(201);
      const categoryId: string = created.json().category.id;
      expect(await rowOf(categoryId)).toMatchObject({ type: 'category', name: 'Voice' });

      // Team MANAGE_CHANNELS brings MANAGE_CHANNEL on the category unless an overwrite there denies it.
      expect((await api(owner, 'POST', `/categories/${categoryId}/permissions/user/${manager.id}`, { allow: 0, deny: MANAGE_CHANNEL })).statusCode).toBe(200);
      expect((await api(manager, 'PUT', `/categories/${categoryId}`, { name: 'Rooms' })).statusCode).toBe(403);
      expect((await api(member, 'PUT', `/categories/${categoryId}`, { name: 'Rooms' })).statusCode).toBe(403);
      const renamed = await api(owner, 'PUT', `/categories/${categoryId}`, { name: 'Rooms' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().category).toMatchObject({ id: categoryId, name: 'Rooms' });
      expect((await api(owner, 'PUT', `/categories/${team.generalId}`, { name: 'x' })).json().code).toBe('category_not_found');

      const child = await makeChannel(ctx, team.teamId, { name: 'child', parentId: categoryId });
      const since = ctx.events.mark();
      expect((await api(member, 'DELETE', `/categories/${categoryId}`)).statusCode).toBe(403);
      const res = await api(owner, 'DELETE', `/categories/${categoryId}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(await rowOf(categoryId)).toBeUndefined();
      expect(await rowOf(child)).toMatchObject({ parentId: null });
      expect((await auditFor(categoryId)).map((e) => e.actionType).sort()).toEqual([
        'CATEGORY_CREATED',
        'CATEGORY_DELETED',
        'CATEGORY_UPDATED',
        'CATEGORY_UPDATED',
      ]);
      expect((await ctx.events.waitFor('CHANNEL_UPDATED', { since })).event.data).toMatchObject({ id: child, parentId: null });
      expect((await ctx.events.waitFor('CATEGORY_DELETED', { since })).event.data).toEqual({ id: categoryId, teamId: team.teamId });
    });
  });

  describe('POST …/permissions/{role|user}/{id} (overwrites)', () => {
    it('sets and removes a role overwrite with an audit entry and CHANNEL_UPDATED', async () => {
      const channelId = await makeChannel(ctx, team.teamId, { name: 'ow' });
      const since = ctx.events.mark();
      const res = await api(owner, 'POST', `/channels/${channelId}/permissions/role/${team.teamId}`, { allow: 0, deny: SEND_MESSAGES });
      expect(res.statusCode, res.body).toBe(200);
      expect((await rowOf(channelId))?.permissions.role[team.teamId]).toEqual({ allow: 0, deny: SEND_MESSAGES });
      expect(first(await auditFor(channelId))).toMatchObject({
        actionType: 'CHANNEL_UPDATED',
        changes: [
          { key: 'role.allow', id: team.teamId },
          { key: 'role.deny', old: 0, new: SEND_MESSAGES },
        ],
      });
      await ctx.events.waitFor('CHANNEL_UPDATED', { since });
      expect((await api(owner, 'POST', `/channels/${channelId}/permissions/role/${team.teamId}`, { allow: 0, deny: 0 })).statusCode).toBe(200);
      expect((await rowOf(channelId))?.permissions.role).toEqual({});
    });

    it('sets a user overwrite on a category', async () => {
      const res = await api(owner, 'POST', `/categories/${team.categoryId}/permissions/user/${member.id}`, { allow: 0, deny: VIEW_CHANNEL });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().category.permissions.user[member.id]).toEqual({ allow: 0, deny: VIEW_CHANNEL });
      expect((await api(owner, 'POST', `/categories/${team.categoryId}/permissions/user/${member.id}`, { allow: 0, deny: 0 })).statusCode).toBe(200);
    });

    it('refuses bits the actor does not hold there, roles not below them, bits of another type, unknown targets, and members without MANAGE_CHANNEL', async () => {
      // The manager manages this channel through their role, but holds no MANAGE_MESSAGES there.
      const channelId = await makeChannel(ctx, team.teamId, {
        name: 'guarded',
        permissions: { role: { [managerRole]: { allow: MANAGE_CHANNEL, deny: 0 } }, user: {} },
      });
      const path = `/channels/${channelId}/permissions`;
      const status = async (as: TestUser, target: string, body: { allow: number; deny: number }) => {
        const res = await api(as, 'POST', `${path}/${target}`, body);
        return [res.statusCode, res.json().code];
      };
      expect(await status(manager, `role/${team.teamId}`, { allow: MANAGE_MESSAGES, deny: 0 })).toEqual([403, 'forbidden']);
      expect(await status(manager, `role/${team.teamId}`, { allow: 0, deny: MANAGE_MESSAGES })).toEqual([403, 'forbidden']);
      expect(await status(manager, `role/${managerRole}`, { allow: 0, deny: SEND_MESSAGES })).toEqual([403, 'forbidden']);
      // Who may act on the target is checked before the bits they sent.
      expect(await status(manager, `role/${managerRole}`, { allow: CREATE_TODOS, deny: 0 })).toEqual([403, 'forbidden']);
      expect(await status(owner, `role/${team.teamId}`, { allow: CREATE_TODOS, deny: 0 })).toEqual([400, 'overwrite_bits_invalid']);
      expect(await status(owner, `role/${team.teamId}`, { allow: SEND_MESSAGES, deny: SEND_MESSAGES })).toEqual([400, 'overwrite_bits_invalid']);
      expect(await status(owner, `role/${otherTeam.teamId}`, { allow: 0, deny: SEND_MESSAGES })).toEqual([404, 'role_not_found']);
      expect(await status(owner, `user/${other.id}`, { allow: 0, deny: SEND_MESSAGES })).toEqual([404, 'member_not_found']);
      expect(await status(member, `role/${team.teamId}`, { allow: 0, deny: SEND_MESSAGES })).toEqual([403, 'forbidden']);
      // A user overwrite follows the rank rule of kick, ban and role changes: never oneself or the creator.
      expect(await status(manager, `user/${manager.id}`, { allow: 0, deny: SEND_MESSAGES })).toEqual([403, 'forbidden']);
      expect(await status(manager, `user/${owner.id}`, { allow: 0, deny: SEND_MESSAGES })).toEqual([403, 'forbidden']);
      expect((await rowOf(channelId))?.permissions).toEqual({ role: { [managerRole]: { allow: MANAGE_CHANNEL, deny: 0 } }, user: {} });
      expect(await status(manager, `user/${member.id}`, { allow: 0, deny: SEND_MESSAGES })).toEqual([200, undefined]);
      // Bits they hold on the channel (SEND_MESSAGES by default) on a role below them: allowed.
      expect(await status(manager, `role/${team.teamId}`, { allow: 0, deny: SEND_MESSAGES })).toEqual([200, undefined]);
    });
  });
});
