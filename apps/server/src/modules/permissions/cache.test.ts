import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../test/helpers/app';
import { makeTeam, makeUser } from '../../../test/helpers/factories';
import { loggedDatabase, QueryLog } from '../../../test/helpers/query-log';
import { channels } from '../../db/schema';
import { newId } from '../../lib/snowflake';
import { loadTeamAccess } from './access';
import { AccessCache } from './cache';

describe('AccessCache: one request reads each piece of access once', () => {
  const log = new QueryLog();
  const ctx = withTestApp({}, { database: (handle) => loggedDatabase(handle, log) });

  it('reads a team once, a second member of it with one statement, and a channel of a team it has read with none', async () => {
    const owner = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner, { members: [member] });
    const cache = new AccessCache(ctx.db);

    const first = await log.during(async () => expect((await cache.team(team.teamId, member.id))?.userId).toBe(member.id));
    expect(first).toHaveLength(4); // team, roles, channels, the member's roles
    expect(await log.during(() => cache.team(team.teamId, member.id))).toEqual([]);
    expect(await cache.team(team.teamId, member.id)).toEqual(await loadTeamAccess(ctx.db, team.teamId, member.id));

    const owners = await log.during(async () => expect((await cache.team(team.teamId, owner.id))?.userId).toBe(owner.id));
    expect(owners).toHaveLength(1); // only the owner's roles
    expect(await log.during(async () => expect((await cache.channel(team.generalId, member.id))?.channel.id).toBe(team.generalId))).toEqual([]);
    expect(await log.during(() => cache.channel(team.generalId, owner.id))).toEqual([]);
  });

  it("reads a channel's team and the member's roles from the channel id in one round trip, and keeps them for the team id", async () => {
    const owner = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner, { members: [member] });
    const cache = new AccessCache(ctx.db);

    const first = await log.profile(() => cache.channel(team.generalId, member.id));
    expect(first.statements).toHaveLength(4); // team, roles, channels, the member's roles: each finds the channel's team itself
    expect(first.roundTrips).toBe(1);
    expect((await cache.channel(team.generalId, member.id))?.access).toEqual(await loadTeamAccess(ctx.db, team.teamId, member.id));
    expect(await log.during(() => Promise.all([cache.team(team.teamId, member.id), cache.channel(team.generalId, member.id)]))).toEqual([]);
    expect(await log.during(() => cache.channel(team.generalId, owner.id))).toHaveLength(1); // only the owner's roles

    const fresh = new AccessCache(ctx.db);
    const both = await log.profile(() => Promise.all([fresh.channel(team.generalId, member.id), fresh.channel(team.generalId, member.id)]));
    expect(both.statements).toHaveLength(4);
    expect(both.roundTrips).toBe(1);
  });

  it('answers null for a channel of a team the user is not in, and remembers it for the team id', async () => {
    const owner = await makeUser(ctx.app);
    const stranger = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner);
    const cache = new AccessCache(ctx.db);
    expect(await log.during(async () => expect(await cache.channel(team.generalId, stranger.id)).toBeNull())).toHaveLength(4);
    expect(await log.during(async () => expect(await cache.team(team.teamId, stranger.id)).toBeNull())).toEqual([]);
  });

  it('shares a load in flight, remembers a non-member, and reads again after forget()', async () => {
    const owner = await makeUser(ctx.app);
    const stranger = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner);
    const cache = new AccessCache(ctx.db);
    const both = await log.during(() => Promise.all([cache.team(team.teamId, owner.id), cache.team(team.teamId, owner.id)]));
    expect(both).toHaveLength(4);
    expect(await cache.team(team.teamId, stranger.id)).toBeNull();
    expect(await log.during(() => cache.team(team.teamId, stranger.id))).toEqual([]);
    cache.forget();
    expect(await log.during(() => cache.team(team.teamId, owner.id))).toHaveLength(4);
    cache.forget();
    expect(await log.during(() => cache.channel(team.generalId, owner.id))).toHaveLength(4);
  });

  it('answers null for an unknown team or channel, and for a DM', async () => {
    const user = await makeUser(ctx.app);
    const cache = new AccessCache(ctx.db);
    expect(await cache.team('1', user.id)).toBeNull();
    expect(await cache.channel('1', user.id)).toBeNull();
    const dm = newId();
    await ctx.db.insert(channels).values({ id: dm, teamId: null, type: 'DM', name: 'dm' });
    expect(await cache.channel(dm, user.id)).toBeNull();
  });
});
