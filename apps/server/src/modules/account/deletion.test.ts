import { eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailVerifications, friendships, messages, passwordResetTokens, sessions, teamMembers, teams, userBlocks, users } from '../../db/schema';
import { call, withTestApp, type TestApp } from '../../../test/helpers/app';
import { registerViaApi } from '../../../test/helpers/auth';
import { makeMember, makeTeam, makeUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';

const PASSWORD = 'correct horse';

async function account(t: TestApp) {
  const { user, cookie, body } = await registerViaApi(t.app, { password: PASSWORD });
  if (!user || !cookie) throw new Error('registration failed');
  return { ...user, cookie, email: body.email };
}

describe('account deletion', () => {
  const ctx = withTestApp({ RATE_LIMIT_REGISTER: '1000/3600', RATE_LIMIT_LOGIN: '1000/300', RATE_LIMIT_PASSWORD_RESET: '1000/3600' });
  const eligibility = (cookie: string, url = '/api/v1/me/delete') => call(ctx.app, 'GET', url, { cookie });
  const remove = (cookie: string, body: Record<string, unknown>, url = '/api/v1/me') => call(ctx.app, 'DELETE', url, { cookie, body });
  const login = (email: string, password: string) => call(ctx.app, 'POST', '/api/v1/login', { body: { email, password } });

  it('is refused while the user owns a team, and allowed once they gave it away', async () => {
    const user = await account(ctx);
    const heir = await makeUser(ctx.app);
    const { teamId } = await makeTeam(ctx.app, user);
    await makeMember(ctx.app, teamId, heir);
    for (const url of ['/api/v1/me/delete', '/api/me/delete'])
      expect((await eligibility(user.cookie, url)).json()).toEqual({ success: true, canDelete: false });
    const refused = await remove(user.cookie, { password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_owns_team', message: 'Cannot delete account while owning a team; transfer ownership first' });
    expect(first(await ctx.db.select().from(users).where(eq(users.id, user.id))).deletedAt).toBeNull();

    expect((await call(ctx.app, 'POST', `/api/v1/teams/${teamId}/owner`, { cookie: user.cookie, body: { owner: heir.id } })).statusCode).toBe(200);
    expect((await eligibility(user.cookie)).json()).toEqual({ success: true, canDelete: true });
    expect((await remove(user.cookie, { password: PASSWORD }, '/api/me')).statusCode).toBe(200);
  });

  it('refuses a wrong or empty password and changes nothing', async () => {
    const user = await account(ctx);
    const wrong = await remove(user.cookie, { password: 'wrong password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: 'The password is incorrect' });
    expect((await remove(user.cookie, { password: '' })).json().errors).toEqual({ password: 'Please enter your password' });
    expect((await call(ctx.app, 'GET', '/api/v1/me', { cookie: user.cookie })).statusCode).toBe(200);
    expect(first(await ctx.db.select().from(users).where(eq(users.id, user.id))).username).toBe(user.username);
  });

  it('replaces the personal data, leaves teams, ends friendships, blocks and sessions; messages stay under a deleted user', async () => {
    const user = await account(ctx);
    const owner = await makeUser(ctx.app);
    const friend = await makeUser(ctx.app);
    const blocked = await makeUser(ctx.app);
    const { teamId, generalId } = await makeTeam(ctx.app, owner);
    await makeMember(ctx.app, teamId, user);
    const sent = await call(ctx.app, 'POST', `/api/v1/channels/${generalId}/messages`, { cookie: user.cookie, body: { content: 'remember me' } });
    expect(sent.statusCode).toBe(201);
    expect((await call(ctx.app, 'POST', '/api/v1/me/friends', { cookie: user.cookie, body: { slug: friend.slug } })).statusCode).toBe(200);
    expect((await call(ctx.app, 'POST', `/api/v1/me/users/${blocked.id}/block`, { cookie: user.cookie, body: {} })).statusCode).toBe(200);
    await call(ctx.app, 'POST', '/api/v1/resetpassword/request', { body: { email: user.email } });
    const { memberCount: before } = first(await ctx.db.select({ memberCount: teams.memberCount }).from(teams).where(eq(teams.id, teamId)));

    const since = ctx.events.mark();
    const res = await remove(user.cookie, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(String(res.headers['set-cookie'])).toMatch(/rally_session=;/);

    const row = first(await ctx.db.select().from(users).where(eq(users.id, user.id)));
    expect(row).toMatchObject({
      username: 'Deleted User',
      slug: `deleted-${user.id}`,
      email: `deleted-${user.id}@invalid`,
      birthdate: null,
      profilePicture: null,
      statusContent: null,
      activity: null,
      friendCode: null,
    });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.passwordHash).not.toMatch(/^\$argon2/);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await ctx.db.select().from(teamMembers).where(eq(teamMembers.userId, user.id))).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(friendships)
        .where(or(eq(friendships.userLow, user.id), eq(friendships.userHigh, user.id))),
    ).toEqual([]);
    expect(await ctx.db.select().from(userBlocks).where(eq(userBlocks.userId, user.id))).toEqual([]);
    expect(await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([]);
    expect(await ctx.db.select().from(emailVerifications).where(eq(emailVerifications.userId, user.id))).toEqual([]);
    const { memberCount: after } = first(await ctx.db.select({ memberCount: teams.memberCount }).from(teams).where(eq(teams.id, teamId)));
    expect(after).toBe(before - 1);

    // The message stays, its author shown as the deleted user.
    expect(first(await ctx.db.select().from(messages).where(eq(messages.id, sent.json().message.id))).content).toBe('remember me');
    const history = await call(ctx.app, 'GET', `/api/v1/channels/${generalId}/messages`, { cookie: owner.cookie });
    const kept = history.json().messages.find((m: { id: string }) => m.id === sent.json().message.id);
    expect(kept.createdBy).toMatchObject({ id: user.id, username: 'Deleted User' });

    expect(ctx.events.ofType('USER_LEFT_TEAM', { since }).map((e) => e.event.data)).toEqual([{ teamId, userId: user.id }]);
    expect(ctx.events.ofType('FRIEND_REMOVED', { since }).map((e) => e.event.data)).toEqual(
      expect.arrayContaining([{ userId: friend.id }, { userId: user.id }]),
    );

    // Nobody opens a new chat with a deleted account.
    const dm = await call(ctx.app, 'POST', '/api/v1/me/chats', { cookie: owner.cookie, body: { users: [{ id: user.id }] } });
    expect([dm.statusCode, dm.json().code]).toEqual([404, 'user_not_found']);

    // Gone for good: the old cookie, the old address and the placeholder sign nothing in.
    expect((await call(ctx.app, 'GET', '/api/v1/me', { cookie: user.cookie })).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD)).json().code).toBe('invalid_credentials');
    expect((await login(`deleted-${user.id}@invalid.io`, PASSWORD)).statusCode).toBe(401);
    expect((await login(row.email, '!deleted')).statusCode).toBe(400);
  });
});
