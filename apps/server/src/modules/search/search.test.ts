import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { searchMessagesResponseSchema, splitSearchQuery, type SearchMessagesResponse } from '@rally/shared/api/search';
import { LIMITS, RATE_LIMITS } from '@rally/shared/limits';
import { ChannelPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeChannel, makeRole, makeTeam, makeUser, makeMember, type TeamFixture, type TestUser } from '../../../test/helpers/factories';
import { channels, directChats, dmMembers, messages } from '../../db/schema';
import { newId } from '../../lib/snowflake';
import { insertMessage } from '../messages/repository';
import { SEARCH_WINDOW } from './repository';
import { userRateKey } from '../../lib/rate-limit';

describe('GET /api/v1/search/messages', () => {
  const ctx = withTestApp();

  const search = (user: TestUser, query: Record<string, string | number>) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return call(ctx.app, 'GET', `/api/v1/search/messages?${qs}`, { cookie: user.cookie });
  };
  /** The contents found, newest first (the search's rate limit reset first: a test asks many times). */
  async function found(user: TestUser, query: Record<string, string | number>): Promise<string[]> {
    await ctx.app.rateLimiter.reset(userRateKey('search', user.id));
    const res = await search(user, query);
    expect(res.statusCode, res.body).toBe(200);
    return searchMessagesResponseSchema.parse(res.json()).results.map((r) => r.message.content);
  }

  /** A stored message (the send route is rate limited), `minutesAgo` old. */
  async function post(channelId: string, author: TestUser, content: string, minutesAgo = 0): Promise<string> {
    const row = await insertMessage(ctx.app.db, {
      id: newId(),
      channelId,
      authorId: author.id,
      content,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    return row.id;
  }

  /** A direct chat between these users: rows as the DM module will write them (DMs have no API yet). */
  async function directChat(...members: TestUser[]): Promise<string> {
    const channelId = newId();
    await ctx.app.db.insert(channels).values({ id: channelId, teamId: null, type: 'DM', name: '' });
    await ctx.app.db.insert(directChats).values({ channelId, createdBy: members[0]?.id ?? null });
    await ctx.app.db.insert(dmMembers).values(members.map((m) => ({ channelId, userId: m.id })));
    return channelId;
  }

  let owner: TestUser;
  let reader: TestUser;
  let team: TeamFixture;

  beforeAll(async () => {
    owner = await makeUser(ctx.app, 'searchowner');
    reader = await makeUser(ctx.app, 'searchreader');
    team = await makeTeam(ctx.app, owner, { name: 'Search', members: [reader] });
  });

  it('finds messages by their words, newest first, with their author, channel and team', async () => {
    const older = await post(team.generalId, owner, 'Tournament tonight at nine', 10);
    await post(team.generalId, reader, 'who joins the TOURNAMENT?', 5);
    await post(team.generalId, owner, 'nothing to see here', 1);
    await ctx.app.rateLimiter.reset(userRateKey('search', reader.id));
    const res = await search(reader, { q: 'tournament' });
    expect(res.statusCode).toBe(200);
    const body: SearchMessagesResponse = searchMessagesResponseSchema.parse(res.json());
    expect(body.results.map((r) => r.message.content)).toEqual(['who joins the TOURNAMENT?', 'Tournament tonight at nine']);
    expect(body.nextCursor).toBeNull();
    expect(body.results[1]).toMatchObject({
      message: { id: older, channelId: team.generalId, createdBy: { id: owner.id, username: owner.username } },
      channel: { id: team.generalId, name: 'general', type: 'text' },
      teamId: team.teamId,
    });
  });

  it('matches every word in any order, the last as a prefix, "phrases" and -exclusions', async () => {
    const ch = await makeChannel(ctx.app, team.teamId, { name: 'words' });
    await post(ch, owner, 'raid boss down finally', 4);
    await post(ch, owner, 'boss fight later, raid first', 3);
    await post(ch, owner, 'the raiders boss is here', 2);
    await post(ch, owner, 'down boss raid', 1);
    const inCh = (q: string) => found(reader, { q, channelId: ch });
    expect(await inCh('raid boss')).toEqual(['down boss raid', 'boss fight later, raid first', 'raid boss down finally']);
    expect(await inCh('boss rai')).toEqual(['down boss raid', 'the raiders boss is here', 'boss fight later, raid first', 'raid boss down finally']);
    expect(await inCh('rai boss')).toEqual([]);
    expect(await inCh('boss rai ')).toEqual([]);
    expect(await inCh('"raid boss"')).toEqual(['raid boss down finally']);
    expect(await inCh('boss -down')).toEqual(['the raiders boss is here', 'boss fight later, raid first']);
    expect(await inCh('FINAL')).toEqual(['raid boss down finally']);
    expect(await inCh('fin later')).toEqual([]);
    expect(await inCh('later or finally')).toEqual(['boss fight later, raid first', 'raid boss down finally']);
  });

  it('splits the query: only a plain last word of at least two letters is a prefix', () => {
    expect(splitSearchQuery('raid bo')).toEqual({ head: 'raid', prefix: 'bo' });
    expect(splitSearchQuery('raid b')).toEqual({ head: 'raid b', prefix: null });
    expect(splitSearchQuery('raid -bo')).toEqual({ head: 'raid -bo', prefix: null });
    expect(splitSearchQuery('"raid bo')).toEqual({ head: '"raid bo', prefix: null });
    expect(splitSearchQuery('"raid" bo')).toEqual({ head: '"raid"', prefix: 'bo' });
    expect(splitSearchQuery('raid or')).toEqual({ head: 'raid or', prefix: null });
    expect(splitSearchQuery('raid OR boss')).toEqual({ head: 'raid OR boss', prefix: null });
    expect(splitSearchQuery('e-spo')).toEqual({ head: 'e-', prefix: 'spo' });
    expect(splitSearchQuery("it's")).toEqual({ head: "it's", prefix: null });
    expect(splitSearchQuery("it's ok")).toEqual({ head: "it's", prefix: 'ok' });
    expect(splitSearchQuery('raid ')).toEqual({ head: 'raid', prefix: null });
  });

  it('filters by author, channel, team and creation date', async () => {
    const otherTeam = await makeTeam(ctx.app, owner, { name: 'Other', members: [reader] });
    const ch = await makeChannel(ctx.app, team.teamId, { name: 'filters' });
    await post(ch, owner, 'zephyr by owner, two days ago', 2 * 24 * 60);
    await post(ch, reader, 'zephyr by reader, an hour ago', 60);
    await post(team.generalId, owner, 'zephyr in general', 30);
    await post(otherTeam.generalId, owner, 'zephyr in the other team', 20);
    expect(await found(reader, { q: 'zephyr', authorId: reader.id })).toEqual(['zephyr by reader, an hour ago']);
    expect(await found(reader, { q: 'zephyr', channelId: ch })).toEqual(['zephyr by reader, an hour ago', 'zephyr by owner, two days ago']);
    expect(await found(reader, { q: 'zephyr', teamId: otherTeam.teamId })).toEqual(['zephyr in the other team']);
    expect(await found(reader, { q: 'zephyr', teamId: otherTeam.teamId, channelId: ch })).toEqual([]);
    const dayAgo = new Date(Date.now() - 24 * 3_600_000).toISOString();
    expect(await found(reader, { q: 'zephyr', before: dayAgo })).toEqual(['zephyr by owner, two days ago']);
    expect(await found(reader, { q: 'zephyr', after: dayAgo })).toEqual(['zephyr in the other team', 'zephyr in general', 'zephyr by reader, an hour ago']);
    const fortyMinutesAgo = new Date(Date.now() - 40 * 60_000).toISOString();
    expect(await found(reader, { q: 'zephyr', after: dayAgo, before: fortyMinutesAgo })).toEqual(['zephyr by reader, an hour ago']);
    // Filters alone (no words): the author's messages in the channel.
    expect(await found(reader, { channelId: ch, authorId: owner.id })).toEqual(['zephyr by owner, two days ago']);
    // A calendar date is midnight UTC.
    const tomorrow = new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10);
    expect(await found(reader, { q: 'zephyr', after: tomorrow })).toEqual([]);
    expect(await found(reader, { q: 'zephyr', before: tomorrow, channelId: ch })).toHaveLength(2);
  });

  it('pages newest first with a cursor, each message once', async () => {
    const ch = await makeChannel(ctx.app, team.teamId, { name: 'paging' });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await post(ch, owner, `quasar number ${i}`, 7 - i));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      await ctx.app.rateLimiter.reset(userRateKey('search', reader.id));
      const res = await search(reader, { q: 'quasar', limit: 3, ...(cursor ? { cursor } : {}) });
      const body: SearchMessagesResponse = searchMessagesResponseSchema.parse(res.json());
      seen.push(...body.results.map((r) => r.message.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it('finds matches older than the newest window of messages, and pages across it', async () => {
    const ch = await makeChannel(ctx.app, team.teamId, { name: 'window' });
    await post(ch, owner, 'meteorite one, very old', 60);
    await post(ch, owner, 'meteorite two and a lodestone', 59);
    // More messages than the first step reads, a few of them matching.
    const fillers = Array.from({ length: SEARCH_WINDOW + 100 }, (_, i) => ({
      id: newId(),
      channelId: ch,
      authorId: owner.id,
      content: i % 1000 === 0 ? `filler ${i} meteorite` : `filler ${i}`,
      createdAt: new Date(Date.now() - 30 * 60_000),
    }));
    await ctx.app.db.insert(messages).values(fillers);
    const newestFirst = [
      'filler 5000 meteorite',
      'filler 4000 meteorite',
      'filler 3000 meteorite',
      'filler 2000 meteorite',
      'filler 1000 meteorite',
      'filler 0 meteorite',
      'meteorite two and a lodestone',
      'meteorite one, very old',
    ];
    expect(await found(reader, { q: 'meteorite', channelId: ch, limit: 50 })).toEqual(newestFirst);
    expect(await found(reader, { q: 'lodestone', channelId: ch })).toEqual(['meteorite two and a lodestone']);
    expect(await found(reader, { q: 'lodestone', teamId: team.teamId })).toEqual(['meteorite two and a lodestone']);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5 && (page === 0 || cursor); page++) {
      await ctx.app.rateLimiter.reset(userRateKey('search', reader.id));
      const res = await search(reader, { q: 'meteorite', channelId: ch, limit: 3, ...(cursor ? { cursor } : {}) });
      const body: SearchMessagesResponse = searchMessagesResponseSchema.parse(res.json());
      seen.push(...body.results.map((r) => r.message.content));
      cursor = body.nextCursor;
    }
    expect(seen).toEqual(newestFirst);
  });

  it('leaves out deleted messages', async () => {
    const ch = await makeChannel(ctx.app, team.teamId, { name: 'deleted' });
    const gone = await post(ch, owner, 'obsidian shard, deleted', 2);
    await post(ch, owner, 'obsidian shard, kept', 1);
    await ctx.app.db.update(messages).set({ deletedAt: new Date() }).where(eq(messages.id, gone));
    expect(await found(reader, { q: 'obsidian' })).toEqual(['obsidian shard, kept']);
  });

  describe('finds only what the user may read', () => {
    it('not the channels hidden from them, nor those whose history they may not see', async () => {
      const hidden = await makeChannel(ctx.app, team.teamId, { name: 'hidden', hiddenFrom: [team.teamId] });
      const noHistory = await makeChannel(ctx.app, team.teamId, {
        name: 'nohistory',
        permissions: { role: { [team.teamId]: { allow: 0, deny: ChannelPermission.CAN_SEE_MESSAGE_HISTORY } }, user: {} },
      });
      const hiddenCategory = await makeChannel(ctx.app, team.teamId, {
        type: 'category',
        name: 'secret',
        permissions: { role: { [team.teamId]: { allow: 0, deny: ChannelPermission.VIEW_CHANNEL } }, user: {} },
      });
      const underHidden = await makeChannel(ctx.app, team.teamId, { name: 'under', parentId: hiddenCategory });
      for (const [channelId, where] of [
        [hidden, 'hidden'],
        [noHistory, 'nohistory'],
        [underHidden, 'under a hidden category'],
        [team.generalId, 'general'],
      ] as const) {
        await post(channelId, owner, `pyrite in ${where}`);
      }
      expect(await found(reader, { q: 'pyrite' })).toEqual(['pyrite in general']);
      expect(await found(reader, { q: 'pyrite', teamId: team.teamId })).toEqual(['pyrite in general']);
      for (const channelId of [hidden, noHistory, underHidden]) {
        expect(await found(reader, { q: 'pyrite', channelId })).toEqual([]);
        expect(await found(reader, { channelId })).toEqual([]);
      }
      // The owner sees every channel.
      expect(await found(owner, { q: 'pyrite' })).toHaveLength(4);

      // A role that allows the history again opens that channel, and only it.
      const historian = await makeUser(ctx.app);
      const roleId = await makeRole(ctx.app, team.teamId, { permissions: 0 });
      await makeMember(ctx.app, team.teamId, historian, { roles: [roleId] });
      await ctx.app.db
        .update(channels)
        .set({
          permissions: {
            role: {
              [team.teamId]: { allow: 0, deny: ChannelPermission.CAN_SEE_MESSAGE_HISTORY },
              [roleId]: { allow: ChannelPermission.CAN_SEE_MESSAGE_HISTORY, deny: 0 },
            },
            user: {},
          },
        })
        .where(eq(channels.id, noHistory));
      expect(await found(historian, { q: 'pyrite' })).toEqual(['pyrite in general', 'pyrite in nohistory']);
    });

    it('not the teams they never joined or have left', async () => {
      const stranger = await makeUser(ctx.app);
      const leaver = await makeUser(ctx.app);
      const club = await makeTeam(ctx.app, owner, { name: 'Club', members: [leaver] });
      await post(club.generalId, owner, 'basalt column');
      expect(await found(leaver, { q: 'basalt' })).toEqual(['basalt column']);
      expect(await found(stranger, { q: 'basalt' })).toEqual([]);
      expect(await found(stranger, { q: 'basalt', teamId: club.teamId })).toEqual([]);
      expect(await found(stranger, { channelId: club.generalId })).toEqual([]);

      const left = await call(ctx.app, 'DELETE', '/api/v1/teams', { cookie: leaver.cookie, body: { id: club.teamId } });
      expect(left.statusCode).toBe(200);
      expect(await found(leaver, { q: 'basalt' })).toEqual([]);
      expect(await found(leaver, { channelId: club.generalId })).toEqual([]);
      expect(await found(leaver, { teamId: club.teamId })).toEqual([]);
    });

    it('their direct chats, not the others', async () => {
      const friend = await makeUser(ctx.app);
      const outsider = await makeUser(ctx.app);
      const ours = await directChat(reader, friend);
      const theirs = await directChat(friend, outsider);
      await post(ours, friend, 'garnet for you');
      await post(theirs, friend, 'garnet for them');
      await ctx.app.rateLimiter.reset(userRateKey('search', reader.id));
      const res = await search(reader, { q: 'garnet' });
      const body: SearchMessagesResponse = searchMessagesResponseSchema.parse(res.json());
      expect(body.results.map((r) => [r.message.content, r.channel.id, r.teamId])).toEqual([['garnet for you', ours, null]]);
      expect(await found(reader, { channelId: theirs })).toEqual([]);
      expect(await found(reader, { q: 'garnet', channelId: ours })).toEqual(['garnet for you']);
      // A team filter leaves direct chats out.
      expect(await found(reader, { q: 'garnet', teamId: team.teamId })).toEqual([]);
      expect(await found(friend, { q: 'garnet' })).toEqual(['garnet for them', 'garnet for you']);
      expect(await found(outsider, { q: 'garnet' })).toEqual(['garnet for them']);
    });
  });

  it('refuses bad input with a clear code', async () => {
    const refused = async (query: Record<string, string | number>, code: string) => {
      await ctx.app.rateLimiter.reset(userRateKey('search', reader.id));
      const res = await search(reader, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json(), JSON.stringify(query)).toMatchObject({ success: false, code });
    };
    await refused({}, 'search_empty');
    await refused({ q: '   ' }, 'search_empty');
    await refused({ q: '?!*' }, 'search_empty');
    await refused({ q: '?!*', teamId: team.teamId }, 'search_empty');
    await refused({ q: 'x'.repeat(LIMITS.search.queryMax + 1) }, 'search_query_too_long');
    await refused({ q: 'raid', after: 'yesterday' }, 'search_date_invalid');
    await refused({ q: 'raid', before: '2026-02-30' }, 'search_date_invalid');
    await refused({ q: 'raid', before: '2026-11-23T25:00:00Z' }, 'search_date_invalid');
    await refused({ q: 'raid', after: '2026-11-23', before: '2026-11-22' }, 'search_date_range');
    await refused({ q: 'raid', after: '2026-11-23', before: '2026-11-23' }, 'search_date_range');
    await refused({ q: 'raid', limit: 0 }, 'invalid_request');
    await refused({ q: 'raid', limit: 51 }, 'invalid_request');
    await refused({ q: 'raid', cursor: 'abc' }, 'invalid_id');
    await refused({ q: 'raid', channelId: '-1' }, 'invalid_id');
    const signedOut = await call(ctx.app, 'GET', '/api/v1/search/messages?q=raid');
    expect(signedOut.statusCode).toBe(401);
  });

  it('limits how often a user searches', async () => {
    const eager = await makeUser(ctx.app);
    for (let i = 0; i < RATE_LIMITS.search.count; i++) expect((await search(eager, { q: `word${i}` })).statusCode).toBe(200);
    const over = await search(eager, { q: 'again' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'too_many_requests' });
    // Another user is not held back.
    await ctx.app.rateLimiter.reset(userRateKey('search', reader.id));
    expect((await search(reader, { q: 'again' })).statusCode).toBe(200);
  });
});
