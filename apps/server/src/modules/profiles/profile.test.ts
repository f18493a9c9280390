import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userProfileSchema, type UserProfile } from '@rally/shared/api/profile';
import { Presence } from '@rally/shared/api/users';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeMember, makeTeam, makeUser, type TeamFixture, type TestUser } from '../../../test/helpers/factories';
import { channels, directChats, dmMembers, friendships, userBlocks, users } from '../../db/schema';
import { newId } from '../../lib/snowflake';
import { pairOf } from '../friends/repository';

/**
 * GET /api/v1/users/{id}/profile (spec 001 §7 Friends and DMs, §2 Profile card): what the caller
 * may see of a user they are tied to, how they stand with them, their roles in a team both share;
 * nothing of anyone else, and never the e-mail or the settings.
 */
describe('user profile', () => {
  const ctx = withTestApp();
  let ada: TestUser;
  let bob: TestUser;
  let team: TeamFixture;
  let roleId: string;

  const profile = (who: TestUser, userId: string, query = '') => call(ctx.app, 'GET', `/api/v1/users/${userId}/profile${query}`, { cookie: who.cookie });
  const read = async (who: TestUser, userId: string, query = ''): Promise<UserProfile> => {
    const res = await profile(who, userId, query);
    expect(res.statusCode, res.body).toBe(200);
    return userProfileSchema.parse(res.json().user);
  };
  const pair = async (a: TestUser, b: TestUser, requester: TestUser, status: 'pending' | 'accepted') =>
    ctx.db.insert(friendships).values({ ...pairOf(a.id, b.id), requesterId: requester.id, status, acceptedAt: status === 'accepted' ? new Date() : null });

  beforeAll(async () => {
    ada = await makeUser(ctx.app, 'ada');
    bob = await makeUser(ctx.app, 'bob');
    team = await makeTeam(ctx.app, ada);
    ({
      roleIds: [roleId = ''],
    } = await makeMember(ctx.app, team.teamId, bob, { roles: [{ name: 'Raiders', permissions: 0 }] }));
    await ctx.db
      .update(users)
      .set({ presence: Presence.DND, banner: '/uploads/banners/b.webp', statusContent: 'raiding', statusEmoji: '🎮' })
      .where(eq(users.id, bob.id));
  });

  it("shows a teammate's public profile, presence and status, and never their e-mail or settings", async () => {
    const res = await profile(ada, bob.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({
      id: bob.id,
      username: 'bob',
      slug: bob.slug,
      banner: '/uploads/banners/b.webp',
      presence: Presence.DND,
      bot: false,
      system: false,
      status: { content: 'raiding', emojiId: '🎮', emoji: null },
      activity: null,
      relationship: 'none',
      member: null,
    });
    expect(Date.parse(body.user.createdAt)).not.toBeNaN();
    for (const secret of ['email', 'settings', 'passwordHash', 'twoFA', 'privateFlags', 'birthdate', 'friendCode'])
      expect(body.user).not.toHaveProperty(secret);
    expect(res.body).not.toContain(bob.email);
  });

  it("with teamId, the user's roles and joining date in a team both belong to; none for a team the caller is not in", async () => {
    const shared = await read(ada, bob.id, `?teamId=${team.teamId}`);
    expect(shared.member).toMatchObject({ teamId: team.teamId, roles: [roleId] });
    expect(Date.parse(shared.member?.joinedAt ?? '')).not.toBeNaN();

    const carl = await makeUser(ctx.app);
    const other = await makeTeam(ctx.app, bob, { members: [carl] });
    await makeMember(ctx.app, team.teamId, carl);
    // Carl shares `team` with Bob, but Ada is not in `other`.
    expect((await read(ada, bob.id, `?teamId=${other.teamId}`)).member).toBeNull();
    expect((await read(carl, bob.id, `?teamId=${other.teamId}`)).member).toMatchObject({ teamId: other.teamId, roles: [] });
    expect((await read(ada, bob.id, `?teamId=${newId()}`)).member).toBeNull();
  });

  it('tells the relationship: self, friend, incoming, outgoing, blocked', async () => {
    expect((await read(ada, ada.id)).relationship).toBe('self');
    const friend = await makeUser(ctx.app);
    const asker = await makeUser(ctx.app);
    const asked = await makeUser(ctx.app);
    const pest = await makeUser(ctx.app);
    await pair(ada, friend, friend, 'accepted');
    await pair(ada, asker, asker, 'pending');
    await pair(ada, asked, ada, 'pending');
    await ctx.db.insert(userBlocks).values({ userId: ada.id, blockedId: pest.id });
    expect((await read(ada, friend.id)).relationship).toBe('friend');
    expect((await read(ada, asker.id)).relationship).toBe('incoming');
    expect((await read(asker, ada.id)).relationship).toBe('outgoing');
    expect((await read(ada, asked.id)).relationship).toBe('outgoing');
    expect((await read(ada, pest.id)).relationship).toBe('blocked');
    // The blocked user is not told, and sees nothing of the blocker: they share nothing else.
    expect((await profile(pest, ada.id)).statusCode).toBe(404);
  });

  it('shows presence, status and activity to the circle only: a pending requester sees them offline and without status', async () => {
    const asker = await makeUser(ctx.app);
    await pair(asker, bob, asker, 'pending');
    const seen = await read(asker, bob.id);
    expect(seen).toMatchObject({ id: bob.id, relationship: 'outgoing', presence: Presence.OFFLINE, status: null, activity: null });
  });

  it('shows someone who shares a direct chat with the caller', async () => {
    const carol = await makeUser(ctx.app);
    const dave = await makeUser(ctx.app);
    const channelId = newId();
    await ctx.db.insert(channels).values({ id: channelId, teamId: null, type: 'DM', name: 'dm' });
    const { userLow, userHigh } = pairOf(carol.id, dave.id);
    await ctx.db.insert(directChats).values({ channelId, pairKey: `${userLow}:${userHigh}` });
    await ctx.db.insert(dmMembers).values([
      { channelId, userId: carol.id },
      { channelId, userId: dave.id },
    ]);
    expect(await read(carol, dave.id)).toMatchObject({ id: dave.id, relationship: 'none', presence: Presence.OFFLINE, status: null });
  });

  it('refuses: 404 for an unknown user and for a stranger, 400 for a bad id or teamId, 401 signed out', async () => {
    const stranger = await makeUser(ctx.app);
    for (const res of [await profile(ada, newId()), await profile(stranger, bob.id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'user_not_found' });
    }
    expect((await profile(ada, 'abc')).json()).toMatchObject({ code: 'invalid_id' });
    expect((await profile(ada, bob.id, '?teamId=x')).statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', `/api/v1/users/${bob.id}/profile`)).statusCode).toBe(401);
  });

  it('also answers on the /api/users alias', async () => {
    const res = await call(ctx.app, 'GET', `/api/users/${bob.id}/profile`, { cookie: ada.cookie });
    expect(res.json().user.id).toBe(bob.id);
  });
});
