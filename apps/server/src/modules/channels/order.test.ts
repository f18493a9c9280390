import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { ChannelPermission, TeamPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeChannel, makeMember, makeTeam, makeUser, type TeamFixture, type TestUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { auditLogEntries, channels } from '../../db/schema';

const { MANAGE_CHANNELS } = TeamPermission;
const { VIEW_CHANNEL } = ChannelPermission;

/** Channel and category order (spec 001 §7): categories-priority, channels-priority, channelspriority, moving a channel in and out of a category. */
describe('channel and category order', () => {
  const ctx = withTestApp();

  /** owner; `manager` with MANAGE_CHANNELS (priority 2); `member` with the default role only; `other` owns another team. */
  let owner: TestUser, manager: TestUser, member: TestUser, other: TestUser;
  let otherTeam: TeamFixture;
  beforeAll(async () => {
    [owner, manager, member, other] = await Promise.all([
      makeUser(ctx.app, 'owner'),
      makeUser(ctx.app, 'manager'),
      makeUser(ctx.app, 'member'),
      makeUser(ctx.app, 'other'),
    ]);
    otherTeam = await makeTeam(ctx, other);
  });

  /**
   * A fresh team: categories A (the team's own, priority 0, with #general), B (1) and C (2); in A
   * `a1` (1) and `a2` (2); uncategorised `u1` (0) and `u2` (1).
   */
  async function setup() {
    const team = await makeTeam(ctx, owner);
    const { teamId } = team;
    await makeMember(ctx, teamId, manager, { roles: [{ permissions: MANAGE_CHANNELS, priority: 2 }] });
    await makeMember(ctx, teamId, member);
    const A = team.categoryId;
    const B = await makeChannel(ctx, teamId, { type: 'category', name: 'B', priority: 1 });
    const C = await makeChannel(ctx, teamId, { type: 'category', name: 'C', priority: 2 });
    const a1 = await makeChannel(ctx, teamId, { name: 'a1', parentId: A, priority: 1 });
    const a2 = await makeChannel(ctx, teamId, { name: 'a2', parentId: A, priority: 2 });
    const u1 = await makeChannel(ctx, teamId, { name: 'u1', priority: 0 });
    const u2 = await makeChannel(ctx, teamId, { name: 'u2', priority: 1 });
    return { ...team, A, B, C, a1, a2, u1, u2 };
  }

  const api = (as: TestUser, method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    call(ctx.app, method, path, { cookie: as.cookie, ...(body === undefined ? {} : { body }) });
  const rowsOf = (teamId: string) => ctx.db.select().from(channels).where(eq(channels.teamId, teamId)).orderBy(asc(channels.id));
  const auditOf = (teamId: string) => ctx.db.select().from(auditLogEntries).where(eq(auditLogEntries.teamId, teamId)).orderBy(asc(auditLogEntries.id));
  /** Everything an order route may write: the team's channels and categories, and its audit log. */
  const snapshot = async (teamId: string) => ({ channels: await rowsOf(teamId), audit: await auditOf(teamId) });
  const placeOf = async (id: string) => {
    const row = first(await ctx.db.select().from(channels).where(eq(channels.id, id)));
    return { parentId: row.parentId, priority: row.priority };
  };
  const categoriesPath = (teamId: string) => `/api/v1/teams/${teamId}/categories-priority`;
  const inCategoryPath = (teamId: string, categoryId: string) => `/api/v1/teams/${teamId}/categories/${categoryId}/channels-priority`;
  const uncategorisedPath = (teamId: string) => `/api/v1/teams/${teamId}/channelspriority`;
  const movePath = (teamId: string, categoryId: string, channelId: string) => `/api/v1/teams/${teamId}/categories/${categoryId}/channels/${channelId}`;

  describe('POST categories-priority', () => {
    it('gives the categories the priorities 0 … n−1 in the order given, audits each moved one and publishes CATEGORIES_PRIORITY_UPDATED', async () => {
      const t = await setup();
      const since = ctx.events.mark();
      const res = await api(manager, 'POST', categoriesPath(t.teamId), { categories: [t.C, t.A, t.B] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().categories.map((c: { id: string; priority: number }) => [c.id, c.priority])).toEqual([
        [t.C, 0],
        [t.A, 1],
        [t.B, 2],
      ]);
      expect([await placeOf(t.C), await placeOf(t.A), await placeOf(t.B)].map((p) => p.priority)).toEqual([0, 1, 2]);
      const entries = await auditOf(t.teamId);
      expect(entries.map((e) => [e.actionType, e.targetId, e.changes])).toEqual(
        expect.arrayContaining([
          ['CATEGORY_UPDATED', t.C, [{ key: 'priority', old: 2, new: 0 }]],
          ['CATEGORY_UPDATED', t.A, [{ key: 'priority', old: 0, new: 1 }]],
          ['CATEGORY_UPDATED', t.B, [{ key: 'priority', old: 1, new: 2 }]],
        ]),
      );
      expect(entries.every((e) => e.actorId === manager.id)).toBe(true);
      const published = await ctx.events.waitFor('CATEGORIES_PRIORITY_UPDATED', { since });
      expect(published.audience).toEqual({ kind: 'team', teamId: t.teamId });
      expect(published.event.data).toEqual({
        teamId: t.teamId,
        categories: [
          { id: t.C, priority: 0 },
          { id: t.A, priority: 1 },
          { id: t.B, priority: 2 },
        ],
      });

      // The same order again (through the spec's path): nothing moves, no entry, no event.
      const again = ctx.events.mark();
      const same = await api(owner, 'POST', `/api/teams/${t.teamId}/categories-priority`, { categories: [t.C, t.A, t.B] });
      expect(same.statusCode, same.body).toBe(200);
      expect(await auditOf(t.teamId)).toHaveLength(3);
      expect(ctx.events.ofType('CATEGORIES_PRIORITY_UPDATED', { since: again })).toHaveLength(0);
    });

    it('refuses a list that misses, repeats or adds a category, or names a channel or another team’s category (400, nothing changes)', async () => {
      const t = await setup();
      const before = await snapshot(t.teamId);
      for (const categories of [
        [t.A, t.B],
        [t.A, t.B, t.C, t.C],
        [t.A, t.B, t.C, otherTeam.categoryId],
        [t.A, t.B, otherTeam.categoryId],
        [t.A, t.B, t.a1],
        [t.A, t.B, t.C, '1234567890123'],
        [],
      ]) {
        const res = await api(owner, 'POST', categoriesPath(t.teamId), { categories });
        expect([res.statusCode, res.json().code], JSON.stringify(categories)).toEqual([400, 'category_order_invalid']);
      }
      const tooMany = await api(owner, 'POST', categoriesPath(t.teamId), { categories: Array.from({ length: 501 }, (_, i) => String(1_000_000 + i)) });
      expect([tooMany.statusCode, tooMany.json().code]).toEqual([400, 'category_order_invalid']);
      expect(await snapshot(t.teamId)).toEqual(before);
    });

    it('leaves a category hidden from the caller where it is: the list names the ones they see', async () => {
      const t = await setup();
      const H = await makeChannel(ctx, t.teamId, { type: 'category', name: 'H', priority: 7, hiddenFrom: [t.teamId] });
      const withHidden = await api(manager, 'POST', categoriesPath(t.teamId), { categories: [t.B, t.A, t.C, H] });
      expect([withHidden.statusCode, withHidden.json().code]).toEqual([400, 'category_order_invalid']);
      const res = await api(manager, 'POST', categoriesPath(t.teamId), { categories: [t.B, t.A, t.C] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().categories.map((c: { id: string }) => c.id)).toEqual([t.B, t.A, t.C]);
      expect((await placeOf(H)).priority).toBe(7);
      // The owner sees it, and orders it too.
      expect((await api(owner, 'POST', categoriesPath(t.teamId), { categories: [H, t.B, t.A, t.C] })).statusCode).toBe(200);
      expect((await placeOf(H)).priority).toBe(0);
    });
  });

  describe('POST categories/{categoryId}/channels-priority and PUT channelspriority', () => {
    it("sets the listed channels' priorities in a category, audited, with CHANNELS_PRIORITY_UPDATED; the others keep theirs", async () => {
      const t = await setup();
      const since = ctx.events.mark();
      const res = await api(manager, 'POST', inCategoryPath(t.teamId, t.A), {
        channels: [
          { id: t.a2, priority: 0 },
          { id: t.a1, priority: 5 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      // #general (priority 0) and a2 (0) tie: by id, the older first.
      expect(res.json().channels.map((c: { id: string; priority: number }) => [c.id, c.priority])).toEqual([
        [t.generalId, 0],
        [t.a2, 0],
        [t.a1, 5],
      ]);
      expect(await placeOf(t.a1)).toEqual({ parentId: t.A, priority: 5 });
      expect(await placeOf(t.a2)).toEqual({ parentId: t.A, priority: 0 });
      expect((await auditOf(t.teamId)).map((e) => [e.actionType, e.targetId, e.changes])).toEqual(
        expect.arrayContaining([
          ['CHANNEL_UPDATED', t.a2, [{ key: 'priority', old: 2, new: 0 }]],
          ['CHANNEL_UPDATED', t.a1, [{ key: 'priority', old: 1, new: 5 }]],
        ]),
      );
      const published = await ctx.events.waitFor('CHANNELS_PRIORITY_UPDATED', { since });
      expect(published.audience).toEqual({ kind: 'team', teamId: t.teamId });
      expect(published.event.data).toEqual({
        teamId: t.teamId,
        channels: [
          { id: t.a2, parentId: t.A, priority: 0 },
          { id: t.a1, parentId: t.A, priority: 5 },
        ],
      });
    });

    it('orders the uncategorised channels through PUT channelspriority (and its /api/teams path)', async () => {
      const t = await setup();
      const since = ctx.events.mark();
      const res = await api(manager, 'PUT', `/api/teams/${t.teamId}/channelspriority`, {
        channels: [
          { id: t.u2, priority: 0 },
          { id: t.u1, priority: 1 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().channels.map((c: { id: string }) => c.id)).toEqual([t.u2, t.u1]);
      expect(await placeOf(t.u2)).toEqual({ parentId: null, priority: 0 });
      expect((await ctx.events.waitFor('CHANNELS_PRIORITY_UPDATED', { since })).event.data.channels).toEqual([
        { id: t.u2, parentId: null, priority: 0 },
        { id: t.u1, parentId: null, priority: 1 },
      ]);
    });

    it('refuses channels of another category, of another team, hidden from the caller, categories, repeats and bad places (400, nothing changes)', async () => {
      const t = await setup();
      const hidden = await makeChannel(ctx, t.teamId, { name: 'hidden', parentId: t.A, priority: 9, hiddenFrom: [t.teamId] });
      const before = await snapshot(t.teamId);
      const cases: [string, unknown, string][] = [
        [inCategoryPath(t.teamId, t.A), [{ id: t.u1, priority: 0 }], 'channel_order_invalid'],
        [inCategoryPath(t.teamId, t.A), [{ id: otherTeam.generalId, priority: 0 }], 'channel_order_invalid'],
        [inCategoryPath(t.teamId, t.A), [{ id: hidden, priority: 0 }], 'channel_order_invalid'],
        [inCategoryPath(t.teamId, t.A), [{ id: t.B, priority: 0 }], 'channel_order_invalid'],
        [inCategoryPath(t.teamId, t.A), [{ id: '1234567890123', priority: 0 }], 'channel_order_invalid'],
        [uncategorisedPath(t.teamId), [{ id: t.a1, priority: 0 }], 'channel_order_invalid'],
        [uncategorisedPath(t.teamId), [{ id: t.A, priority: 0 }], 'channel_order_invalid'],
        [
          inCategoryPath(t.teamId, t.A),
          [
            { id: t.a1, priority: 0 },
            { id: t.a1, priority: 1 },
          ],
          'channel_order_duplicate',
        ],
        [
          inCategoryPath(t.teamId, t.A),
          [
            { id: t.a1, priority: 3 },
            { id: t.a2, priority: 3 },
          ],
          'channel_order_duplicate',
        ],
        [inCategoryPath(t.teamId, t.A), [{ id: t.a1, priority: -1 }], 'channel_order_invalid'],
        [inCategoryPath(t.teamId, t.A), [{ id: t.a1, priority: 1_000_001 }], 'channel_order_invalid'],
        [inCategoryPath(t.teamId, t.A), [{ id: t.a1, priority: 1.5 }], 'channel_order_invalid'],
        [inCategoryPath(t.teamId, t.A), [], 'channel_order_invalid'],
        [inCategoryPath(t.teamId, t.A), Array.from({ length: 501 }, (_, i) => ({ id: String(1_000_000 + i), priority: i })), 'channel_order_invalid'],
      ];
      for (const [path, list, code] of cases) {
        const res = await api(manager, path.endsWith('channelspriority') ? 'PUT' : 'POST', path, { channels: list });
        expect([res.statusCode, res.json().code], JSON.stringify(list).slice(0, 100)).toEqual([400, code]);
      }
      // The path's category: another team's, a channel, one hidden from the caller.
      const hiddenCategory = await makeChannel(ctx, t.teamId, { type: 'category', name: 'H', hiddenFrom: [t.teamId] });
      const inHidden = await makeChannel(ctx, t.teamId, { name: 'in-h', parentId: hiddenCategory });
      const after = await snapshot(t.teamId);
      for (const categoryId of [otherTeam.categoryId, t.a1, hiddenCategory]) {
        const res = await api(manager, 'POST', inCategoryPath(t.teamId, categoryId), { channels: [{ id: inHidden, priority: 0 }] });
        expect([res.statusCode, res.json().code]).toEqual([404, 'category_not_found']);
      }
      expect((await snapshot(t.teamId)).channels).toEqual(after.channels);
      expect(after.audit).toEqual(before.audit);
    });
  });

  describe('POST / DELETE categories/{categoryId}/channels/{channelId} (move)', () => {
    it('moves a channel into another category after its channels, then out of it; each move audited and published as CHANNEL_UPDATED', async () => {
      const t = await setup();
      const inB = await makeChannel(ctx, t.teamId, { name: 'b1', parentId: t.B, priority: 4 });
      let since = ctx.events.mark();
      const into = await api(manager, 'POST', movePath(t.teamId, t.B, t.a1));
      expect(into.statusCode, into.body).toBe(200);
      expect(into.json().channel).toMatchObject({ id: t.a1, parentId: t.B, priority: 5 });
      expect(await placeOf(t.a1)).toEqual({ parentId: t.B, priority: 5 });
      expect(first((await auditOf(t.teamId)).filter((e) => e.targetId === t.a1))).toMatchObject({
        actionType: 'CHANNEL_UPDATED',
        actorId: manager.id,
        changes: [
          { key: 'parentId', old: t.A, new: t.B },
          { key: 'priority', old: 1, new: 5 },
        ],
      });
      const published = await ctx.events.waitFor('CHANNEL_UPDATED', { since });
      expect(published.audience).toEqual({ kind: 'channel', channelId: t.a1 });
      expect(published.event.data).toMatchObject({ id: t.a1, parentId: t.B, priority: 5 });
      expect((await placeOf(inB)).priority).toBe(4);

      // At a given place, from the spec's path.
      expect((await api(manager, 'POST', `/api/teams/${t.teamId}/categories/${t.C}/channels/${t.a1}`, { priority: 3 })).statusCode).toBe(200);
      expect(await placeOf(t.a1)).toEqual({ parentId: t.C, priority: 3 });

      // Out of its category: after the uncategorised channels (u1 0, u2 1).
      since = ctx.events.mark();
      const out = await api(manager, 'DELETE', movePath(t.teamId, t.C, t.a1));
      expect(out.statusCode, out.body).toBe(200);
      expect(out.json().channel).toMatchObject({ id: t.a1, parentId: null, priority: 2 });
      expect(await placeOf(t.a1)).toEqual({ parentId: null, priority: 2 });
      expect((await ctx.events.waitFor('CHANNEL_UPDATED', { since })).event.data).toMatchObject({ id: t.a1, parentId: null });

      // Into the category it is in, without a place: nothing changes, nothing is published.
      const entries = (await auditOf(t.teamId)).length;
      since = ctx.events.mark();
      expect((await api(manager, 'POST', movePath(t.teamId, t.A, t.a2))).statusCode).toBe(200);
      expect(await placeOf(t.a2)).toEqual({ parentId: t.A, priority: 2 });
      expect(await auditOf(t.teamId)).toHaveLength(entries);
      expect(ctx.events.ofType('CHANNEL_UPDATED', { since })).toHaveLength(0);
    });

    it('refuses taking a channel out of a category it is not in (400), unknown, foreign or hidden channels and categories (404); nothing changes', async () => {
      const t = await setup();
      const hidden = await makeChannel(ctx, t.teamId, { name: 'hidden', parentId: t.A, hiddenFrom: [t.teamId] });
      const hiddenCategory = await makeChannel(ctx, t.teamId, { type: 'category', name: 'H', hiddenFrom: [t.teamId] });
      const before = await snapshot(t.teamId);
      const cases: ['POST' | 'DELETE', string, string, number, string][] = [
        ['DELETE', t.B, t.a1, 400, 'channel_not_in_category'],
        ['DELETE', t.A, t.u1, 400, 'channel_not_in_category'],
        ['POST', t.B, otherTeam.generalId, 404, 'channel_not_found'],
        ['POST', t.B, t.C, 404, 'channel_not_found'],
        ['POST', t.B, '1234567890123', 404, 'channel_not_found'],
        ['POST', t.B, hidden, 404, 'channel_not_found'],
        ['POST', otherTeam.categoryId, t.a1, 404, 'category_not_found'],
        ['POST', t.u1, t.a1, 404, 'category_not_found'],
        ['POST', hiddenCategory, t.a1, 404, 'category_not_found'],
        ['DELETE', hiddenCategory, t.a1, 404, 'category_not_found'],
      ];
      for (const [method, categoryId, channelId, status, code] of cases) {
        const res = await api(manager, method, movePath(t.teamId, categoryId, channelId));
        expect([res.statusCode, res.json().code], `${method} ${categoryId} ${channelId}`).toEqual([status, code]);
      }
      const badPlace = await api(manager, 'POST', movePath(t.teamId, t.B, t.a1), { priority: -5 });
      expect([badPlace.statusCode, badPlace.json().code]).toEqual([400, 'channel_order_invalid']);
      expect(await snapshot(t.teamId)).toEqual(before);
    });
  });

  it('refuses every order route to a member without MANAGE_CHANNELS (403) and to a non-member (404); nothing changes', async () => {
    const t = await setup();
    const before = await snapshot(t.teamId);
    for (const who of [member, other]) {
      const status = who === member ? 403 : 404;
      const attempts = [
        api(who, 'POST', categoriesPath(t.teamId), { categories: [t.C, t.B, t.A] }),
        api(who, 'POST', inCategoryPath(t.teamId, t.A), { channels: [{ id: t.a2, priority: 0 }] }),
        api(who, 'PUT', uncategorisedPath(t.teamId), { channels: [{ id: t.u2, priority: 0 }] }),
        api(who, 'POST', movePath(t.teamId, t.B, t.a1)),
        api(who, 'DELETE', movePath(t.teamId, t.A, t.a1)),
      ];
      for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(status);
    }
    expect(await snapshot(t.teamId)).toEqual(before);
    // A MANAGE_CHANNELS member who cannot see a channel cannot order or move it, even with VIEW denied only on its category.
    await api(owner, 'POST', `/api/v1/teams/${t.teamId}/categories/${t.B}/permissions/role/${t.teamId}`, { allow: 0, deny: VIEW_CHANNEL });
    const inB = await makeChannel(ctx, t.teamId, { name: 'b-hidden', parentId: t.B });
    expect((await api(manager, 'DELETE', movePath(t.teamId, t.B, inB))).statusCode).toBe(404);
  });
});
