import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../test/helpers/app';
import { makeTeam, makeUser } from '../../../test/helpers/factories';
import { loggedDatabase, QueryLog } from '../../../test/helpers/query-log';
import { loadTeamAccess } from './access';
import { AccessCache } from './cache';

describe('AccessCache: one request reads each piece of access once', () => {
  const log = new QueryLog();
  const ctx = withTestApp({}, { database: (handle) => loggedDatabase(handle, log) });

  it('reads a team once, a second member of it with one statement, and a channel of it with one', async () => {
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
    const channel = await log.during(async () => expect((await cache.channel(team.generalId, member.id))?.channel.id).toBe(team.generalId));
    expect(channel).toHaveLength(1); // only the channel's team
    expect(await log.during(() => cache.channel(team.generalId, owner.id))).toEqual([]);
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
  });

  it('answers null for an unknown team or channel', async () => {
    const user = await makeUser(ctx.app);
    const cache = new AccessCache(ctx.db);
    expect(await cache.team('1', user.id)).toBeNull();
    expect(await cache.channel('1', user.id)).toBeNull();
  });
});
